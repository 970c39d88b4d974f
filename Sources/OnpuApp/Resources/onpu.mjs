import { hearth } from "./hearth.mjs";
import "./onpu-audio.mjs";

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));

// --- The library: live processing list ---------------------------------------------
const live = document.getElementById("onpu-live");
const refreshLibrary = async () => {
  const response = await fetch(window.location.href, {
    credentials: "same-origin", headers: { Accept: "text/html" },
  });
  if (!response.ok) return;
  const page = new DOMParser().parseFromString(await response.text(), "text/html");
  const fresh = page.getElementById("onpu-live");
  const current = document.getElementById("onpu-live");
  if (fresh && current && fresh.innerHTML !== current.innerHTML) current.innerHTML = fresh.innerHTML;
};
let since = live ? Number(live.getAttribute("data-since") || "0") : 0;
let polling = false;
const poll = async () => {
  if (!live || polling) return;
  polling = true;
  try {
    let wait = 1000;
    for (;;) {
      let reply;
      try {
        const response = await fetch(`/v1/jobs/pending/longpoll?timeout=25&since=${since}`, {
          credentials: "same-origin", headers: { Accept: "application/json" },
        });
        // Signed out, or not allowed: asking again will not help.
        if (response.status >= 400 && response.status < 500 && ![408, 429].includes(response.status)) break;
        if (!response.ok) throw new Error(`longpoll ${response.status}`);
        reply = await response.json();
        wait = 1000;
      } catch (_) {
        await new Promise((resolve) => setTimeout(resolve, wait));
        wait = Math.min(wait * 2, 30000);
        continue;
      }
      for (const change of reply.changes) {
        since = Math.max(since, change.updatedAt);
        // A finished song is in the library: the job leaves the processing list.
        if (change.status === "succeeded") {
          hearth.fetch(`/v1/jobs/${change.jobId}/ack`, { method: "POST", body: {} }).catch(() => {});
        }
      }
      if (reply.changes.length) await refreshLibrary();
      if (!reply.hasPending && !reply.changes.length) break;
    }
  } finally {
    polling = false;
  }
};
if (live) {
  poll();
  // A job started elsewhere (another tab, the app) wakes the long-poll too.
  hearth.on("onpu.job", () => poll());
}

document.addEventListener("click", async (event) => {
  const star = event.target.closest("[data-onpu-favorite]");
  if (star) {
    const favorite = star.getAttribute("aria-pressed") !== "true";
    const response = await hearth.fetch(`/api/onpu/songs/${star.getAttribute("data-onpu-favorite")}`, {
      method: "PATCH", body: { favorite },
    });
    if (response.ok) {
      star.setAttribute("aria-pressed", String(favorite));
      star.textContent = favorite ? "★" : "☆";
      star.setAttribute("aria-label", favorite ? "Favorite (tap to unmark)" : "Mark as favorite");
    }
    return;
  }
  const translate = event.target.closest("[data-onpu-translate]");
  if (translate) {
    translate.disabled = true;
    const response = await hearth.fetch(`/api/onpu/songs/${translate.getAttribute("data-onpu-translate")}/translation`, {
      method: "POST", body: {},
    });
    // Queued, or queued already by another tab: the page says so.
    if (response.ok || response.status === 409) window.location.reload();
    else translate.disabled = false;
    return;
  }
  const action = event.target.closest("[data-onpu-action]");
  if (action) {
    if (!(await hearth.ask(action.getAttribute("data-confirm") || "Are you sure?"))) return;
    const kind = action.getAttribute("data-onpu-action");
    const job = action.closest("[data-job]");
    const song = action.closest("[data-song]");
    let response;
    if (kind === "retry") response = await hearth.fetch(`/api/onpu/jobs/${job.dataset.job}/retry`, { method: "POST", body: {} });
    if (kind === "remove") response = await hearth.fetch(`/api/onpu/jobs/${job.dataset.job}`, { method: "DELETE" });
    if (kind === "delete-song") response = await hearth.fetch(`/api/onpu/songs/${song.dataset.song}`, { method: "DELETE" });
    if (response && response.ok) { await refreshLibrary(); poll(); }
  }
});

// A song being translated reloads once its translation is in: on its event, or, since the
// translation may finish between this page's rendering and its event stream's start, when
// asking the song finds it done.
const translating = document.querySelector("[data-onpu-translating]");
if (translating) {
  const songId = translating.getAttribute("data-onpu-translating");
  hearth.on("onpu.song", (_type, payload) => {
    if (payload && payload.songId === songId && payload.translationState !== "translating") window.location.reload();
  });
  const check = async () => {
    const response = await hearth.fetch(`/api/onpu/songs/${songId}`).catch(() => null);
    const body = response && response.ok ? await response.json().catch(() => null) : null;
    if (body && body.translationState !== "translating") window.location.reload();
    else setTimeout(check, 5000);
  };
  check();
}

// --- Kanji panel --------------------------------------------------------------------
const panel = document.getElementById("onpu-kanji");
const row = (term, value) => value ? `<dt>${term}</dt><dd>${value}</dd>` : "";
const escape = (text) => String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
// The classical radical links to the dictionary's list of the kanji filed under it.
const radicalLink = (radical) => !radical ? "" :
  `<a class="onpu-radical-link" href="/onpu/dictionary?q=${encodeURIComponent(`radical:${radical.number}`)}">` +
  `<span lang="ja">${escape(radical.ideograph)}${radical.variant ? ` ${escape(radical.variant)}` : ""}</span> ${escape(radical.name)}</a>` +
  ` (${radical.number}, ${radical.strokes} ${radical.strokes === 1 ? "stroke" : "strokes"})`;
const openKanji = async (literal) => {
  if (!panel) return;
  const body = $(".onpu-kanji-body", panel);
  body.innerHTML = `<p class="hint">Looking up ${escape(literal)}…</p>`;
  if (!panel.open) panel.showModal();
  let entry, radical;
  try {
    const response = await fetch(`/api/onpu/kanji/${encodeURIComponent(literal)}`, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(String(response.status));
    ({ kanji: entry, radical } = await response.json());
  } catch (_) {
    body.innerHTML = `<p>${escape(literal)} is not in the dictionary.</p>`;
    return;
  }
  body.innerHTML = `
    <p class="onpu-kanji-literal" lang="ja">${escape(entry.literal)}</p>
    <p><strong>${escape(entry.meanings.join(", ") || "(no English meaning listed)")}</strong></p>
    <dl class="onpu-kanji-facts">
      ${row("On", escape(entry.onReadings.join("、")))}
      ${row("Kun", escape(entry.kunReadings.join("、")))}
      ${row("Strokes", entry.strokes)}
      ${row("Radical", radicalLink(radical))}
      ${row("Grade", entry.grade)}
      ${row("Use", !entry.frequency ? "" : entry.frequency <= 500 ? "Very common: one of the 500 most used" : "Common: one of the 2,500 most used")}
      ${row("JLPT (old scale)", entry.jlptOld ? `level ${entry.jlptOld}` : "")}
    </dl>`;
  document.dispatchEvent(new CustomEvent("onpu:kanji", { detail: entry.literal }));
};
let pressTimer = null;
let pressed = null;
document.addEventListener("pointerdown", (event) => {
  const kanji = event.target.closest(".k");
  // A long press on a word with a card opens the card (below); a tap still opens the kanji.
  if (!kanji || kanji.closest("[data-word-card]")) return;
  pressed = kanji;
  pressTimer = setTimeout(() => { pressTimer = null; openKanji(kanji.dataset.kanji); }, 350);
});
const cancelPress = () => { if (pressTimer) clearTimeout(pressTimer); };
document.addEventListener("pointerup", cancelPress);
document.addEventListener("pointercancel", () => { cancelPress(); pressed = null; });
document.addEventListener("contextmenu", (event) => { if (event.target.closest(".k")) event.preventDefault(); });
document.addEventListener("click", (event) => {
  const kanji = event.target.closest(".k");
  if (!kanji) return;
  event.stopPropagation();
  // The word card's kanji are links to the dictionary: with JavaScript they open the panel.
  if (kanji.tagName === "A") event.preventDefault();
  // A long press already opened it.
  if (pressed === kanji && pressTimer === null && panel && panel.open) { pressed = null; return; }
  cancelPress();
  pressed = null;
  openKanji(kanji.dataset.kanji);
}, true);
document.addEventListener("keydown", (event) => {
  const kanji = event.target.closest && event.target.closest(".k");
  if (kanji && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();
    event.stopPropagation();
    openKanji(kanji.dataset.kanji);
  }
}, true);
if (panel) panel.addEventListener("close", () => document.dispatchEvent(new CustomEvent("onpu:kanji-closed")));

// --- Lyrics view -------------------------------------------------------------------
const view = $(".onpu-song-view");
if (view) {
  const songKey = view.dataset.song ? "onpu-modes" : null;
  let saved = {};
  try {
    saved = (songKey && JSON.parse(localStorage.getItem(songKey) || "{}")) || {};
  } catch (_) {
    saved = {}; // Storage off or its value unreadable: start from the defaults.
  }
  const setMode = (name, value) => {
    view.setAttribute(`data-${name}`, value);
    const input = $(`input[name="onpu-${name}"][value="${value}"]`);
    if (input) input.checked = true;
    if (songKey) {
      saved[name] = value;
      try { localStorage.setItem(songKey, JSON.stringify(saved)); } catch (_) { /* not kept */ }
    }
  };
  if (saved.reading) setMode("reading", saved.reading);
  // A song with no translations has no parallel view to come back to.
  if (saved.view && $('input[name="onpu-view"]')) setMode("view", saved.view);
  $$('input[name="onpu-reading"]').forEach((input) => input.addEventListener("change", () => setMode("reading", input.value)));
  $$('input[name="onpu-view"]').forEach((input) => input.addEventListener("change", () => setMode("view", input.value)));

  const lines = $$(".onpu-line", view);
  const steps = $$("[data-onpu-step]");
  let selected = -1;
  const select = (index) => {
    selected = index;
    lines.forEach((line, i) => line.classList.toggle("selected", i === index));
    view.classList.toggle("translating", index >= 0);
    steps.forEach((button) => { button.disabled = index < 0; });
    if (index >= 0) lines[index].scrollIntoView({ block: "nearest" });
    document.dispatchEvent(new CustomEvent("onpu:line", { detail: index }));
  };
  const toggle = (index) => select(index === selected && view.dataset.view !== "parallel" ? -1 : index);
  lines.forEach((line, index) => {
    line.addEventListener("click", () => toggle(index));
    line.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggle(index); }
    });
  });
  steps.forEach((button) => button.addEventListener("click", () => {
    if (selected < 0) return;
    const next = Math.min(lines.length - 1, Math.max(0, selected + Number(button.dataset.onpuStep)));
    select(next);
    document.dispatchEvent(new CustomEvent("onpu:step", { detail: next }));
  }));

}

// --- Tour ------------------------------------------------------------------------------
const tourSteps = $$("[data-tour-step]");
if (tourSteps.length) {
  let step = 0;
  const show = (index) => {
    step = index;
    tourSteps.forEach((section, i) => { section.hidden = i !== index; });
    const heading = $("h2", tourSteps[index]);
    if (heading) { heading.setAttribute("tabindex", "-1"); heading.focus(); }
  };
  show(0);
  $$('[data-tour="next"]').forEach((button) => button.addEventListener("click", () => show(Math.min(step + 1, tourSteps.length - 1))));
  const finish = () => localStorage.setItem("onpu-tour-done", "1");
  $$('[data-tour="skip"], [data-tour="done"]').forEach((link) => link.addEventListener("click", finish));
  const banner = $(".onpu-tour-banner");
  let stage = "line";
  const say = (text) => { if (banner) banner.textContent = text; };
  document.addEventListener("onpu:line", (event) => {
    if (stage === "line" && event.detail === 0) { stage = "step"; say("Now press “Next ↓” to move to the next line."); }
  });
  document.addEventListener("onpu:step", () => {
    if (stage === "step") { stage = "kanji"; say("Tap or long-press a kanji, like 池 or 水, to open its card."); }
  });
  document.addEventListener("onpu:kanji", () => {
    if (stage === "kanji") { stage = "close"; say("That is the kanji card. Close it when you are done."); }
  });
  document.addEventListener("onpu:kanji-closed", () => {
    if (stage === "close") {
      stage = "done";
      finish();
      say("You are ready. Add a song of your own, or keep this haiku.");
      const done = $(".onpu-tour-done");
      if (done) done.hidden = false;
    }
  });
}

// A song whose readings were corrected (on its Readings page, maybe in another tab) reloads
// with its new lines; the reading and view modes are kept in localStorage.
const correctable = document.querySelector(".onpu-song-view[data-song]");
if (correctable) {
  hearth.on("onpu.song", (_type, payload) => {
    if (payload && payload.songId === correctable.dataset.song && payload.lines === "changed") window.location.reload();
  });
}

// --- Word card ---------------------------------------------------------------------------
// A word's card opens in a sheet: long-press the word, or pick it under a selected line. The
// sheet shows the card of the word's own page (/onpu/words/…), which works without JavaScript.
const wordPanel = document.getElementById("onpu-word");
const songView = $(".onpu-song-view");
if (songView) songView.classList.add("onpu-js");
const openWord = async (href) => {
  if (!wordPanel) { window.location.href = href; return; }
  const body = $(".onpu-word-body", wordPanel);
  body.innerHTML = '<p class="hint">Looking the word up…</p>';
  if (!wordPanel.open) wordPanel.showModal();
  try {
    const response = await fetch(href, { credentials: "same-origin", headers: { Accept: "text/html" } });
    const card = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("word-card");
    if (!response.ok || !card) throw new Error(String(response.status));
    const heading = $("h1", card);
    if (heading) {
      const h2 = document.createElement("h2");
      h2.className = heading.className;
      h2.append(...heading.childNodes);
      heading.replaceWith(h2);
    }
    body.replaceChildren(document.importNode(card, true));
    document.dispatchEvent(new CustomEvent("onpu:word", { detail: href }));
  } catch (_) {
    body.innerHTML = `<p>This word is not in the dictionary.</p><p><a href="${escape(href)}">Open its page</a></p>`;
  }
};
let wordTimer = null;
let wordPressed = false;
// The word as sung in this song, for the sheet's actions.
let wordOrigin = null;
const cancelWordPress = () => { if (wordTimer) clearTimeout(wordTimer); wordTimer = null; };
document.addEventListener("pointerdown", (event) => {
  wordPressed = false;
  const word = event.target.closest("[data-word-card]");
  if (!word) return;
  // The word as written (data-surface): the text inside holds its furigana too.
  wordOrigin = { surface: word.dataset.surface || "", reading: word.dataset.reading || "" };
  cancelWordPress();
  wordTimer = setTimeout(() => { wordTimer = null; wordPressed = true; openWord(word.dataset.wordCard); }, 450);
});
["pointerup", "pointercancel", "pointerleave"].forEach((type) => document.addEventListener(type, cancelWordPress));
document.addEventListener("contextmenu", (event) => { if (event.target.closest("[data-word-card]")) event.preventDefault(); });
// Before every other click handler: the click that ends a long press neither selects the
// line nor opens a kanji.
window.addEventListener("click", (event) => {
  if (wordPressed) {
    wordPressed = false;
    event.preventDefault();
    event.stopPropagation();
    return;
  }
  const link = event.target.closest && event.target.closest("[data-onpu-word]");
  if (link && wordPanel) {
    event.preventDefault();
    event.stopPropagation();
    wordOrigin = { surface: link.dataset.surface || "", reading: link.dataset.reading || "" };
    openWord(link.getAttribute("href"));
  }
}, true);
window.addEventListener("keydown", (event) => {
  const link = event.target.closest && event.target.closest("[data-onpu-word]");
  if (link && wordPanel && event.key === "Enter") {
    event.preventDefault();
    event.stopPropagation();
    wordOrigin = { surface: link.dataset.surface || "", reading: link.dataset.reading || "" };
    openWord(link.getAttribute("href"));
  }
}, true);

// On a song page the sheet also adds the word to review and corrects how this song reads it
// (the page reloads with the new reading when the song's lines change).
const sungIn = document.querySelector(".onpu-song-view[data-song]");
document.addEventListener("onpu:word", () => {
  const actions = wordPanel && $("#word-card-actions", wordPanel);
  if (!actions || !sungIn || !wordOrigin || !wordOrigin.surface) return;
  const songId = sungIn.dataset.song;
  const { surface, reading } = wordOrigin;
  actions.innerHTML = `
    <div class="actions"><button type="button" class="button primary" data-word-study>Add to review</button></div>
    <form class="onpu-word-correct" data-word-correct novalidate>
      <div class="field"><label for="onpu-word-reading">Reading of <span lang="ja">${escape(surface)}</span> in this song</label>
        <input type="text" id="onpu-word-reading" name="reading" lang="ja" required maxlength="100" autocomplete="off" value="${escape(reading)}"></div>
      <div class="field checkbox"><label><input type="checkbox" name="allSongs"> For all my songs</label></div>
      <div class="actions"><button type="submit" class="button secondary">Correct the reading</button>
        <a href="/onpu/songs/${encodeURIComponent(songId)}/readings">All readings of this song</a></div>
    </form>
    <p class="hint" role="status" data-word-status></p>`;
  const status = $("[data-word-status]", actions);
  const say = async (response, done) => {
    if (response && response.ok) { status.textContent = done; return; }
    const body = response ? await response.json().catch(() => null) : null;
    status.textContent = (body && body.error && body.error.message) || "That did not work; try again.";
  };
  $("[data-word-study]", actions).addEventListener("click", async () => {
    const response = await hearth.fetch("/api/onpu/study/cards", { method: "POST", body: { songId, surface } }).catch(() => null);
    await say(response, response && response.status === 201 ? "Added to your review." : "Already in your review.");
  });
  $("[data-word-correct]", actions).addEventListener("submit", async (event) => {
    event.preventDefault();
    const form = event.target;
    const body = { surface, reading: form.reading.value.trim(), allSongs: form.allSongs.checked };
    const response = await hearth.fetch(`/api/onpu/songs/${encodeURIComponent(songId)}/readings`, { method: "PUT", body }).catch(() => null);
    await say(response, "Reading saved; the song updates.");
  });
});

// --- Words to learn (song page): the button counts the words chosen ----------------------
const learn = document.querySelector("[data-onpu-learn]");
if (learn) {
  const add = $("[data-onpu-learn-add]", learn);
  const count = () => {
    const chosen = learn.querySelectorAll('input[type="checkbox"]:checked').length;
    add.textContent = chosen === 0 ? "Choose words to add" : `Add ${chosen} ${chosen === 1 ? "word" : "words"} to review`;
    add.disabled = chosen === 0;
  };
  learn.addEventListener("change", count);
  count();
}

// --- Study: the daily review (/onpu/review) -----------------------------------------------
// Tap the card (or Space) for its back, then a grade (or 1-4). Each answer goes to
// /api/onpu/study and the next card shows; after the last, the page asks the server again.
const review = document.getElementById("onpu-review");
if (review) {
  const count = document.getElementById("onpu-review-count");
  const cards = () => Array.from(review.querySelectorAll(".onpu-study-card"));
  const current = () => review.querySelector(".onpu-study-card:not([hidden])");
  const isRevealed = (card) => card.getAttribute("data-revealed") === "true";
  for (const card of cards()) card.setAttribute("data-revealed", "false");
  const reveal = (card) => {
    if (card && !isRevealed(card)) card.setAttribute("data-revealed", "true");
  };
  const advance = (card) => {
    const next = card.nextElementSibling;
    card.remove();
    const left = cards().length;
    if (count) count.textContent = left === 1 ? "1 card due" : `${left} cards due`;
    if (next && next.classList.contains("onpu-study-card")) {
      next.hidden = false;
      next.focus();
    } else {
      window.location.reload();
    }
  };
  let busy = false;
  const send = async (card, path, body) => {
    if (busy) return;
    busy = true;
    try {
      const response = await hearth.fetch(`/api/onpu/study/cards/${card.dataset.card}/${path}`, {
        method: "POST", body,
      });
      // 409: graded already (another tab); either way this card is done here.
      if (response.ok || response.status === 409) advance(card);
      else hearth.toast("That did not save; try again.", { error: true });
    } catch (_) {
      hearth.toast("No connection; try again.", { error: true });
    } finally {
      busy = false;
    }
  };
  review.addEventListener("click", (event) => {
    const card = event.target.closest(".onpu-study-card");
    if (!card) return;
    const grade = event.target.closest("button[name=grade]");
    if (grade) {
      event.preventDefault();
      send(card, "review", { grade: grade.value });
      return;
    }
    const action = event.target.closest("[data-onpu-action]");
    if (action) {
      event.preventDefault();
      send(card, "action", { action: action.getAttribute("data-onpu-action") });
      return;
    }
    if (event.target.closest("details, a")) return;
    reveal(card);
  });
  const grades = { 1: "again", 2: "hard", 3: "good", 4: "easy" };
  document.addEventListener("keydown", (event) => {
    if (event.target.closest && event.target.closest("input, textarea, select, summary, a")) return;
    const card = current();
    if (!card) return;
    if (!isRevealed(card) && (event.key === " " || event.key === "Enter")) {
      event.preventDefault();
      reveal(card);
    } else if (isRevealed(card) && grades[event.key]) {
      event.preventDefault();
      send(card, "review", { grade: grades[event.key] });
    }
  });
}
