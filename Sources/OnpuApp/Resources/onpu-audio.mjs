import { hearth } from "./hearth.mjs";

// Onpu's audio on a song page: a selected line plays, or loops for shadowing (play, a pause as
// long as the line for the learner to say it, play again); the word sheet plays its word. The
// server makes each file once in a job (Open JTalk): until it is there the button says so.
const view = document.querySelector(".onpu-song-view[data-song]");
const songId = view ? view.dataset.song : null;
const player = document.createElement("audio");
player.preload = "auto";
player.className = "onpu-audio-player";
player.setAttribute("data-onpu-player", "");
if (view) view.append(player);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let session = 0; // Bumped by every new play or stop: an older loop ends at its next step.

// The file's address once it is made; `say` tells the learner how it goes.
const audioURL = async (request, say) => {
  let retry = request.retry === true;
  for (let waited = 0; waited < 120000;) {
    const response = await hearth.fetch(`/api/onpu/songs/${encodeURIComponent(songId)}/audio`, {
      method: "POST", body: { ...request, retry },
    }).catch(() => null);
    const body = response && response.ok ? await response.json().catch(() => null) : null;
    if (!body) throw new Error("The audio could not be asked for; check your connection and try again.");
    if (body.status === "ready") return body.url;
    if (body.status === "failed") throw new Error(body.error || "The audio could not be made.");
    retry = false;
    say("Preparing audio…");
    await sleep(waited < 3000 ? 300 : 1000);
    waited += waited < 3000 ? 300 : 1000;
  }
  throw new Error("The audio is taking too long; try again in a moment.");
};

// Plays the file to its end; false when something else started meanwhile.
const playOnce = (url, mine) => new Promise((resolve, reject) => {
  if (mine !== session) { resolve(false); return; }
  const done = () => { cleanup(); resolve(mine === session); };
  const failed = () => { cleanup(); reject(new Error("The audio could not be played.")); };
  const cleanup = () => { player.removeEventListener("ended", done); player.removeEventListener("error", failed); player.removeEventListener("pause", done); };
  player.addEventListener("ended", done);
  player.addEventListener("error", failed);
  player.addEventListener("pause", done);
  if (player.getAttribute("src") !== url) player.src = url;
  player.currentTime = 0;
  player.play().catch(failed);
});

const stop = () => {
  session += 1;
  if (!player.paused) player.pause();
  document.querySelectorAll("[data-onpu-shadow][aria-pressed='true']").forEach((button) => {
    button.setAttribute("aria-pressed", "false");
    button.textContent = "Shadow";
  });
};

const run = async (request, status, loop, button) => {
  stop();
  const mine = session;
  const say = (text) => { if (status) status.textContent = text; };
  if (loop) { button.setAttribute("aria-pressed", "true"); button.textContent = "Stop shadowing"; }
  try {
    const url = await audioURL(request, say);
    for (let round = 1; mine === session; round += 1) {
      say(loop ? `Listen (${round})…` : "Playing…");
      if (!(await playOnce(url, mine)) || !loop) break;
      say("Your turn: say it.");
      await sleep(Math.max(1000, (player.duration || 2) * 1000));
    }
    if (mine === session) say("");
  } catch (error) {
    if (mine === session) {
      say(error.message);
      if (button) button.dataset.onpuRetry = "true";
    }
  } finally {
    if (loop && mine === session) stop();
  }
};

if (view) {
  view.querySelectorAll(".onpu-line").forEach((line, index) => {
    const tools = document.createElement("div");
    tools.className = "onpu-line-audio";
    tools.innerHTML = `
      <button type="button" class="button small secondary" data-onpu-play aria-label="Play line ${index + 1}">▶ Play</button>
      <button type="button" class="button small secondary" data-onpu-shadow aria-pressed="false"
        aria-label="Shadow line ${index + 1}: play it, pause for you to say it, play it again">Shadow</button>
      <span class="hint onpu-audio-status" role="status" aria-live="polite"></span>`;
    const status = tools.querySelector("[role=status]");
    const play = tools.querySelector("[data-onpu-play]");
    const shadow = tools.querySelector("[data-onpu-shadow]");
    // The line's own click and keys select it; the buttons keep theirs.
    tools.addEventListener("click", (event) => event.stopPropagation());
    tools.addEventListener("keydown", (event) => event.stopPropagation());
    play.addEventListener("click", () => {
      const retry = play.dataset.onpuRetry === "true";
      delete play.dataset.onpuRetry;
      run({ line: index, retry }, status, false, play);
    });
    shadow.addEventListener("click", () => {
      if (shadow.getAttribute("aria-pressed") === "true") { stop(); status.textContent = ""; return; }
      const retry = shadow.dataset.onpuRetry === "true";
      delete shadow.dataset.onpuRetry;
      run({ line: index, retry }, status, true, shadow);
    });
    const words = line.querySelector(".onpu-line-words");
    line.insertBefore(tools, words ? words : null);
  });
  // Another line picked: a shadowing loop stops.
  document.addEventListener("onpu:line", () => { if (document.querySelector("[data-onpu-shadow][aria-pressed='true']")) stop(); });
}

// The word sheet: the word as written in this song, from the press or the link that opened it.
let sheetSurface = null;
document.addEventListener("pointerdown", (event) => {
  const word = event.target.closest && event.target.closest("[data-word-card]");
  const text = word && word.querySelector(".w-text");
  if (text) sheetSurface = text.textContent;
}, true);
const fromLink = (event) => {
  const link = event.target.closest && event.target.closest("[data-onpu-word]");
  if (link) sheetSurface = link.dataset.surface || null;
};
window.addEventListener("click", fromLink, true);
window.addEventListener("keydown", fromLink, true);
// After onpu.mjs's own listener has filled the sheet's actions.
document.addEventListener("onpu:word", () => queueMicrotask(() => {
  const actions = document.querySelector("#onpu-word #word-card-actions");
  if (!view || !actions || !sheetSurface) return;
  const tools = document.createElement("div");
  tools.className = "actions onpu-word-audio";
  tools.innerHTML = `<button type="button" class="button secondary" data-onpu-play-word>▶ Play the word</button>
    <span class="hint onpu-audio-status" role="status" aria-live="polite"></span>
    <p class="hint onpu-audio-accent">The audio follows Open JTalk's own accent, which can differ from the pitch shown here.</p>`;
  const button = tools.querySelector("button");
  const surface = sheetSurface;
  button.setAttribute("aria-label", `Play ${surface}`);
  button.addEventListener("click", () => {
    const retry = button.dataset.onpuRetry === "true";
    delete button.dataset.onpuRetry;
    run({ surface, retry }, tools.querySelector("[role=status]"), false, button);
  });
  actions.prepend(tools);
}));
const sheet = document.getElementById("onpu-word");
if (sheet) sheet.addEventListener("close", () => { if (!player.paused) stop(); });
