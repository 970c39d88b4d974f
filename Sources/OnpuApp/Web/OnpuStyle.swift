import HearthPlatform

/// Served at /static/onpu.css. Every word reserves the band above it (--band) whatever the
/// reading mode, so furigana and pitch appear and disappear without moving a line.
public enum OnpuStyle {
  public static let contentType = "text/css; charset=utf-8"

  public static let source = #"""
    .onpu-app { --pitch: #d7263d; --translation: #1d5fa8; --band: 1.05rem; --pink: #c2185b; }
    @media (prefers-color-scheme: dark) {
      .onpu-app { --pitch: #ff6b7a; --translation: #8cb8ff; --pink: #f48fb1; }
    }
    .onpu-app :lang(ja) {
      font-family: "Hiragino Sans", "Noto Sans CJK JP", "IPAGothic", "IPAexGothic", var(--font);
    }
    .onpu-nav { display: flex; gap: 0.25rem; flex-wrap: wrap; margin-bottom: 1rem; }
    .onpu-nav a { padding: 0.4rem 0.75rem; border-radius: 999px; color: var(--text);
      text-decoration: none; border: 1px solid var(--border); }
    .onpu-nav a[aria-current="page"] { background: var(--pink); border-color: var(--pink); color: #fff; }
    .onpu-title-row { display: flex; align-items: center; justify-content: space-between; gap: 1rem;
      flex-wrap: wrap; }
    .onpu-search { display: flex; gap: 0.5rem; flex-wrap: wrap; align-items: center; margin: 0.5rem 0 1rem; }
    .onpu-search input[type=search] { flex: 1 1 12rem; min-width: 0; }
    .onpu-jobs, .onpu-songs { list-style: none; padding: 0; display: grid; gap: 0.5rem; }
    .onpu-job, .onpu-song { display: flex; align-items: center; gap: 0.75rem; margin: 0; }
    .onpu-job-text, .onpu-song-link { flex: 1; min-width: 0; display: flex; flex-direction: column; }
    .onpu-song-link { color: var(--text); text-decoration: none; }
    .onpu-job-icon { font-size: 1.25rem; width: 1.5rem; text-align: center; }
    .onpu-job-running .onpu-job-icon, .onpu-job-queued .onpu-job-icon {
      animation: onpu-spin 1.2s linear infinite; display: inline-block; }
    @keyframes onpu-spin { to { transform: rotate(360deg); } }
    @media (prefers-reduced-motion: reduce) { .onpu-job-icon { animation: none !important; } }
    .onpu-job-failed .onpu-job-icon { color: #c77700; }
    .onpu-job-error { color: var(--danger); margin: 0.25rem 0 0; font-size: 0.9rem;
      display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
    .onpu-job-actions { display: flex; gap: 0.25rem; }
    .onpu-star[aria-pressed="true"] { color: #c99700; }
    .onpu-hero { text-align: center; padding: 2rem 1rem; }
    .onpu-hero-lines { font-size: 1.5rem; letter-spacing: 0.1em; }
    .onpu-hero .actions { justify-content: center; }
    .onpu-steps { display: grid; gap: 0.75rem; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); }
    .onpu-toolbar { display: flex; gap: 1rem; flex-wrap: wrap; margin: 0.5rem 0; }
    .onpu-choice { display: flex; gap: 0.75rem; align-items: center; border: 1px solid var(--border);
      border-radius: var(--radius); padding: 0.25rem 0.75rem; margin: 0; }
    .onpu-choice legend { font-size: 0.85rem; color: var(--muted); padding: 0 0.25rem; }
    .onpu-choice label { display: inline-flex; align-items: center; min-height: 2.5rem; }

    /* Lines */
    .onpu-lines, .onpu-en-lines { list-style: none; padding: 0; margin: 0; }
    .onpu-line { padding: 0.35rem 0.5rem; border-radius: var(--radius); cursor: pointer; }
    .onpu-line:focus-visible { outline: 3px solid var(--focus); }
    .onpu-jp { font-size: 1.4rem; line-height: 1.3; display: flex; flex-wrap: wrap;
      align-items: flex-end; column-gap: 2px; }
    .w { position: relative; display: inline-flex; align-items: flex-end; padding-top: var(--band); }
    .seg { position: relative; display: inline-block; }
    .rt { position: absolute; left: 50%; bottom: 100%; transform: translateX(-50%);
      font-size: 0.5em; line-height: 1; white-space: nowrap; color: var(--muted); visibility: hidden; }
    .w-pitch { position: absolute; top: 0; left: 0; right: 0; height: var(--band);
      display: flex; justify-content: center; align-items: stretch; font-size: 0.5em; line-height: 1;
      visibility: hidden; }
    .m { display: inline-flex; align-items: center; padding: 0 0.15em; box-sizing: border-box; }
    .m.h { border-top: 2px solid var(--pitch); }
    .m.l { border-bottom: 2px solid var(--pitch); }
    .m.step { border-right: 2px solid var(--pitch); }
    [data-reading="furigana"] .rt { visibility: visible; }
    [data-reading="pitch"] .w-pitch { visibility: visible; }
    .k { cursor: pointer; border-radius: 4px; -webkit-touch-callout: none; user-select: none; }
    .k:hover, .k:focus-visible { background: var(--accent-soft); outline: none; }
    .onpu-tr { color: var(--translation); font-size: 1rem; padding: 0.2rem 0.25rem; display: none; }
    .onpu-song-view.translating .onpu-tr { display: block; opacity: 0.3; }
    .onpu-song-view.translating .onpu-line.selected .onpu-tr { opacity: 1; }
    .onpu-line.selected { background: color-mix(in srgb, var(--translation) 12%, transparent); }
    .onpu-pane-en { display: none; }
    [data-view="parallel"] { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
    [data-view="parallel"] .onpu-pane { max-height: 65vh; overflow-y: auto; border: 1px solid var(--border);
      border-radius: var(--radius); padding: 0.5rem; }
    [data-view="parallel"] .onpu-pane-en { display: block; }
    [data-view="parallel"] .onpu-tr { display: none !important; }
    .onpu-en-line { padding: 0.5rem; color: var(--translation); border-radius: var(--radius); cursor: pointer; }
    [data-view="parallel"] .selected { background: color-mix(in srgb, var(--pitch) 18%, transparent); }
    @media (max-width: 40rem) {
      [data-view="parallel"] { grid-template-columns: 1fr; }
      [data-view="parallel"] .onpu-pane { max-height: 38vh; }
    }
    .onpu-bottom-bar { position: sticky; bottom: 0; display: flex; justify-content: center; gap: 1rem;
      padding: 0.5rem; background: var(--bg); }

    /* Kanji panel and dictionary */
    .onpu-kanji-panel { max-width: min(32rem, 92vw); border: 1px solid var(--border);
      border-radius: var(--radius); background: var(--surface); color: var(--text); }
    .onpu-kanji-panel::backdrop { background: rgb(0 0 0 / 0.4); }
    .onpu-kanji-literal { font-size: 4rem; line-height: 1; margin: 0; }
    .onpu-kanji-facts { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; }
    .onpu-kanji-facts dt { color: var(--muted); }
    .onpu-tiles { list-style: none; padding: 0; display: grid; gap: 0.5rem;
      grid-template-columns: repeat(auto-fill, minmax(5.5rem, 1fr)); }
    .onpu-tile { width: 100%; display: flex; flex-direction: column; align-items: center; gap: 0.2rem;
      padding: 0.5rem 0.25rem; border: 1px solid var(--border); border-radius: var(--radius);
      background: var(--surface); color: var(--text); cursor: pointer; }
    .onpu-tile-kanji { font-size: 1.75rem; }
    .onpu-tile-gloss { font-size: 0.75rem; color: var(--muted); overflow: hidden; text-overflow: ellipsis;
      white-space: nowrap; max-width: 100%; }
    .onpu-tour-banner { border-left: 4px solid var(--pink); }
    .onpu-confirm { border: 1px solid var(--border); border-radius: var(--radius);
      background: var(--surface); color: var(--text); max-width: min(24rem, 92vw); }
    .onpu-confirm::backdrop { background: rgb(0 0 0 / 0.4); }
    """#
}
