// The book's search: rules, cards and scenarios by number or by words, in any language (the texts are
// matched as written, after NFKC folding and lower case: Japanese needs no word breaks this way).
(function () {
  "use strict";
  const fold = (s) => String(s || "").normalize("NFKC").toLowerCase();
  const entries = (window.JUDGE_SEARCH || []).map((e) => ({ ...e, fid: fold(e.id), ft: fold(e.t), fx: fold(e.x) }));
  const box = document.getElementById("q"), list = document.getElementById("results"), count = document.getElementById("count");

  function rank(e, terms, whole) {
    if (e.fid === whole) return 0;                       // the number itself
    if (e.fid.startsWith(whole)) return 1;               // a rule below it, a card of the set
    let score = 2;
    for (const t of terms) {
      if (e.fid.includes(t) || e.ft.includes(t)) continue;
      if (e.fx.includes(t)) { score = 3; continue; }
      return -1;
    }
    return score;
  }

  function show(query) {
    const whole = fold(query).trim(), terms = whole.split(/\s+/).filter(Boolean);
    list.replaceChildren();
    if (!terms.length) { count.textContent = ""; return; }
    const found = [];
    for (const e of entries) {
      const r = rank(e, terms, whole);
      if (r >= 0) found.push([r, e]);
    }
    found.sort((a, b) => a[0] - b[0]);
    count.textContent = found.length + " found";
    for (const [, e] of found.slice(0, 200)) {
      const li = document.createElement("li"), kind = document.createElement("span"), a = document.createElement("a");
      li.dataset.kind = e.k; li.dataset.id = e.id;
      kind.className = "kind"; kind.textContent = e.k + " · " + e.g;
      a.href = e.u; a.textContent = e.id + " — " + e.t;
      li.append(kind, a); list.append(li);
    }
  }

  const q = new URLSearchParams(window.location.search).get("q") || "";
  box.value = q;
  box.addEventListener("input", () => show(box.value));
  show(q);
})();
