// /v2/docs: the API reference as one plain HTML page, built from the OpenAPI document (so it
// can never disagree with it): each area, each endpoint with who may call it, its
// parameters, and the JSON Schemas of its body and answer.
import type { OpenApiDocument } from "./openapi.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  security: Array<Record<string, unknown>>;
  parameters?: Array<{
    name: string;
    in: string;
    required: boolean;
    description?: string;
    schema: unknown;
  }>;
  requestBody?: { required: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};

function accessOf(operation: Operation): string {
  if (operation.security.length === 0) return "public";
  return operation.security.some((s) => Object.keys(s).length === 0)
    ? "public; a Bearer token adds the caller's view"
    : "Bearer token";
}

function schemaBlock(title: string, schema: unknown): string {
  return `<details><summary>${escapeHtml(title)}</summary><pre>${escapeHtml(
    JSON.stringify(schema, null, 2),
  )}</pre></details>`;
}

function operationHtml(method: string, path: string, operation: Operation): string {
  const parameters = operation.parameters ?? [];
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${
          p.required ? "yes" : "no"
        }</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code>${
          p.description ? ` ${escapeHtml(p.description)}` : ""
        }</td></tr>`,
    )
    .join("");
  const body = operation.requestBody
    ? schemaBlock(
        `Body (JSON${operation.requestBody.required ? "" : ", optional"})`,
        operation.requestBody.content["application/json"]?.schema,
      )
    : "";
  const [mediaType, answer] = Object.entries(operation.responses["200"]?.content ?? {})[0] ?? [];
  const response =
    mediaType === "application/json"
      ? schemaBlock("Answer (the envelope)", answer?.schema)
      : `<p>Answers <code>${escapeHtml(mediaType ?? "")}</code>.</p>`;
  return `<section id="${escapeHtml(operation.operationId)}">
<h3><code>${method.toUpperCase()} /v2${escapeHtml(path)}</code></h3>
<p>${escapeHtml(operation.summary)}</p>
<p><strong>Access:</strong> ${accessOf(operation)}</p>
${
  rows
    ? `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${rows}</tbody></table>`
    : ""
}
${body}${response}
</section>`;
}

export function docsPage(document: OpenApiDocument): string {
  const sections = document.tags
    .map((tag) => {
      const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods)
          .map(([method, operation]) => ({ method, path, operation: operation as Operation }))
          .filter(({ operation }) => operation.tags.includes(tag.name)),
      );
      return `<section aria-labelledby="area-${tag.name}"><h2 id="area-${tag.name}">${escapeHtml(
        tag.name,
      )}</h2><p>${escapeHtml(tag.description)}</p>${operations
        .map(({ method, path, operation }) => operationHtml(method, path, operation))
        .join("\n")}</section>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#1c1917}
h3{margin-top:2rem}code,pre{font-family:ui-monospace,monospace}pre{overflow-x:auto;background:#f5f5f4;padding:.75rem}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #d6d3d1;padding:.25rem .5rem;text-align:left;vertical-align:top}
a:focus,summary:focus{outline:3px solid #1d4ed8;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(document.info.title)}</h1>
<p>${escapeHtml(document.info.description)}</p>
<p>Machine-readable: <a href="/v2/openapi.json">/v2/openapi.json</a> (OpenAPI ${document.openapi}).</p>
${sections}
</main>
</body>
</html>`;
}
