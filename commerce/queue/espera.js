// The waiting page's script (issue 12): polls /cola/estado every 20 s, swaps the texts the
// page already shows, announces the people ahead politely when they pass a step (every one
// under 10, every 10 under 100, every 50 beyond), and follows the turn's link at once, in
// the waiting page's place: Back from the performance never returns to a turn already used
// (decision 0071). Without it the page refreshes itself (<noscript> meta refresh, which
// browsers also do in place).
(() => {
  const root = document.getElementById("cola");
  if (!root) return;
  const qid = root.dataset.qid;
  let state = root.dataset.estado;
  let ahead = root.dataset.delante === "" ? null : Number(root.dataset.delante);
  if (state === "turn" && root.dataset.url) {
    location.replace(root.dataset.url);
    return;
  }
  const step = (n) => (n < 10 ? 1 : n < 100 ? 10 : 50);
  const poll = async () => {
    let answer;
    try {
      const response = await fetch(`/cola/estado?qid=${encodeURIComponent(qid)}`, {
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      // The shop's database is down for a moment: keep the page as it is, poll again later.
      if (response.status === 503) return;
      answer = await response.json();
    } catch {
      return; // A poor network: the next poll tries again.
    }
    if (answer.estado === "turn" && answer.url) {
      location.replace(answer.url);
      return;
    }
    if (answer.estado !== state) {
      location.reload();
      return;
    }
    for (const [id, text] of Object.entries(answer.lineas || {})) {
      const element = document.getElementById(id);
      if (element) element.textContent = text;
    }
    const now = answer.delante;
    if (typeof now === "number" && ahead !== null) {
      const size = step(Math.min(now, ahead));
      if (Math.floor(now / size) !== Math.floor(ahead / size)) {
        const live = document.getElementById("cola-anuncio");
        if (live) live.textContent = answer.anuncio;
      }
    }
    ahead = typeof now === "number" ? now : ahead;
    state = answer.estado;
  };
  setInterval(poll, 20000);
})();
