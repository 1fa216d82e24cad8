// What one statement costs on an in-memory PGlite, by how it is sent: with and without
// per-statement result parsers (as drizzle sends them), as text, as a statement prepared once
// (`EXECUTE`), and as the server sends them (commerce/db/pglite-named-statements.ts). No server, no network; about 20 s.
//
//   npx tsx bench/pglite-statements.ts [runs]        # 3000 by default
import * as pgliteModule from "@electric-sql/pglite";
import { textResultTypes } from "../commerce/db/pglite-client.ts";
import { namedStatements } from "../commerce/db/pglite-named-statements.ts";

const { PGlite } = pgliteModule;

const runs = Number(process.argv[2] ?? 3000);
const asText = Object.fromEntries(textResultTypes.map((type) => [type, (value: string) => value]));

const db = new PGlite();
await db.exec(`
  create table performances (id serial primary key, status text, starts_at timestamptz);
  create table sectors (id serial primary key, name text, kind text, price numeric,
    performance_id int);
  create table positions (id serial primary key, sector_id int, performance_id int, row text,
    number int, sold bool default false, held_by_process_id int, held_until timestamptz);
  create index on positions (held_by_process_id);
  create table promotions (id serial primary key, name text);
  create table place_promotions (process_id int, position_id int, promotion_id int,
    primary key (process_id, position_id));
  insert into performances (status, starts_at) values ('ON_SALE', now());
  insert into sectors (name, kind, price, performance_id)
    values ('General', 'GENERAL', 100, 1), ('Platea', 'NUMBERED', 200, 1);
  insert into positions (sector_id, performance_id, number)
    select 1, 1, g from generate_series(1, 20000) g;
  insert into positions (sector_id, performance_id, row, number)
    select 2, 1, 'R' || (g / 50), g % 50 from generate_series(1, 10000) g;
  update positions set held_by_process_id = id / 2, held_until = now() + interval '1 hour'
    where id < 2000;
  analyze;`);

// The shape of the purchase's held-places read (commerce/purchase/view.ts).
const heldPlaces = `select p.id, s.id, s.name, s.kind, p.row, p.number, s.price, f.id,
    f.starts_at, pr.id, pr.name
  from positions p join sectors s on s.id = p.sector_id
  join performances f on f.id = p.performance_id
  left join place_promotions pp on pp.process_id = $1 and pp.position_id = p.id
  left join promotions pr on pr.id = pp.promotion_id
  where p.held_by_process_id = $1 and p.sold = false and p.held_until > $2
  order by s.id, p.row, p.number`;
const byKey = "select id, sector_id, held_until from positions where id = $1";
const now = new Date().toISOString();
const processId = (i: number) => 1 + (i % 900);

async function measure(label: string, send: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 200; i++) await send(i);
  const started = performance.now();
  for (let i = 0; i < runs; i++) await send(i);
  const perStatement = ((performance.now() - started) / runs) * 1000;
  console.log(`| ${label} | ${perStatement.toFixed(0)} |`);
}

console.log(`PGlite in memory, ${runs} statements each after 200 not counted\n`);
console.log("| statement, sent as | µs each |\n| --- | ---: |");
await measure("key read, text", (i) => db.query(byKey, [processId(i)], { rowMode: "array" }));
await measure("key read, text, drizzle's parsers", (i) =>
  db.query(byKey, [processId(i)], { rowMode: "array", parsers: asText }),
);
await db.exec(`prepare by_key(int) as ${byKey}`);
await measure("key read, EXECUTE", (i) =>
  db.query(`execute by_key(${processId(i)})`, [], { rowMode: "array" }),
);
const named = namedStatements(db, pgliteModule);
await measure("key read, named (the server's way)", (i) =>
  named.query(byKey, [processId(i)], { rowMode: "array" }, false),
);
await measure("held places, text", (i) =>
  db.query(heldPlaces, [processId(i), now], { rowMode: "array" }),
);
await measure("held places, text, drizzle's parsers", (i) =>
  db.query(heldPlaces, [processId(i), now], { rowMode: "array", parsers: asText }),
);
await db.exec(`prepare held_places(int, timestamptz) as ${heldPlaces}`);
await measure("held places, EXECUTE", (i) =>
  db.query(`execute held_places(${processId(i)}, '${now}')`, [], { rowMode: "array" }),
);
await measure("held places, named (the server's way)", (i) =>
  named.query(heldPlaces, [processId(i), now], { rowMode: "array" }, false),
);
await db.close();
