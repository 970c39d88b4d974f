extension HearthAssets {
  /// Served at /static/hearth.css: system fonts, light and dark, phone first.
  public static let stylesheet = #"""
    :root {
      color-scheme: light dark;
      --bg: #faf8f5;
      --surface: #ffffff;
      --text: #1f1d1a;
      --muted: #5f5a53;
      --border: #ddd6cc;
      --accent: #b4532a;
      --accent-text: #ffffff;
      --accent-soft: #f6e7de;
      --danger: #b3261e;
      --danger-soft: #fbe9e7;
      --success: #2e6b3f;
      --success-soft: #e6f2e8;
      --info: #285a8c;
      --info-soft: #e5eef7;
      --focus: #1a66d2;
      --radius: 10px;
      --space: 1rem;
      --font: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Hiragino Sans",
        "Noto Sans CJK JP", sans-serif;
      --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    }
    @media (prefers-color-scheme: dark) {
      :root {
        --bg: #181614;
        --surface: #221f1c;
        --text: #eeeae4;
        --muted: #b1aaa0;
        --border: #3d3833;
        --accent: #e58a5f;
        --accent-text: #1b1410;
        --accent-soft: #3a2a21;
        --danger: #f08a80;
        --danger-soft: #3b2120;
        --success: #8fd19e;
        --success-soft: #1f3324;
        --info: #9cc3ee;
        --info-soft: #1e2b3a;
        --focus: #8ab4ff;
      }
    }
    *, *::before, *::after { box-sizing: border-box; }
    [hidden] { display: none !important; }
    html { -webkit-text-size-adjust: 100%; text-size-adjust: 100%; }
    body {
      margin: 0; min-height: 100vh; display: flex; flex-direction: column;
      background: var(--bg); color: var(--text); font-family: var(--font);
      font-size: 1rem; line-height: 1.55; overflow-wrap: anywhere;
    }
    h1, h2, h3 { line-height: 1.25; margin: 0 0 0.5em; }
    h1 { font-size: 1.75rem; }
    h2 { font-size: 1.25rem; }
    p { margin: 0 0 0.75em; }
    a { color: var(--accent); text-underline-offset: 0.15em; }
    img, video, svg { max-width: 100%; height: auto; }
    code, pre { font-family: var(--mono); }
    pre { overflow-x: auto; }
    :focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; border-radius: 4px; }
    .visually-hidden {
      position: absolute; width: 1px; height: 1px; overflow: hidden;
      clip: rect(0 0 0 0); white-space: nowrap;
    }
    .skip-link {
      position: absolute; left: 0.5rem; top: -3rem; z-index: 10; padding: 0.6rem 1rem;
      background: var(--surface); border: 2px solid var(--focus); border-radius: var(--radius);
    }
    .skip-link:focus { top: 0.5rem; }

    .site-header { background: var(--surface); border-bottom: 1px solid var(--border); }
    .bar {
      max-width: 60rem; margin: 0 auto; padding: 0.5rem var(--space);
      display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 1rem;
    }
    .brand {
      font-weight: 700; font-size: 1.2rem; color: var(--text); text-decoration: none;
      min-height: 44px; display: inline-flex; align-items: center;
    }
    .app-nav { flex: 1 1 auto; }
    .app-nav ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0 0.25rem; }
    .app-nav a, .account-links a:not(.button) {
      display: inline-flex; align-items: center; min-height: 44px; padding: 0 0.5rem;
      color: var(--text); text-decoration: none; border-radius: 6px;
    }
    .app-nav a:hover, .account-links a:not(.button):hover { background: var(--accent-soft); }
    [aria-current="page"] { font-weight: 650; box-shadow: inset 0 -3px 0 var(--accent); }
    .account-links { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem 0.5rem; }
    .badge {
      display: inline-block; min-width: 1.5em; margin-left: 0.35em; padding: 0 0.45em;
      border-radius: 999px; background: var(--accent); color: var(--accent-text);
      font-size: 0.8rem; font-weight: 700; text-align: center; line-height: 1.5;
    }
    .inline-form { display: inline; margin: 0; }

    main {
      flex: 1; width: 100%; min-width: 0; max-width: 60rem;
      margin: 0 auto; padding: 1.5rem var(--space) 3rem;
    }
    main:focus { outline: none; }
    .narrow { max-width: 28rem; margin: 0 auto; }
    .lead { font-size: 1.1rem; color: var(--muted); max-width: 40rem; }
    .eyebrow { font-size: 0.85rem; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; margin-bottom: 0.25rem; }
    .empty { color: var(--muted); padding: 1rem 0; }
    .site-footer {
      border-top: 1px solid var(--border); color: var(--muted); font-size: 0.9rem;
      text-align: center; padding: 1.25rem var(--space);
    }

    .cards {
      list-style: none; margin: 1.5rem 0 0; padding: 0; display: grid; gap: var(--space);
      grid-template-columns: repeat(auto-fill, minmax(min(100%, 16rem), 1fr));
    }
    .card {
      background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius);
      padding: 1.1rem; margin-bottom: var(--space);
    }
    .cards > .card { margin: 0; display: flex; flex-direction: column; }
    .app-card p { flex: 1; }
    .call { margin-top: 1.5rem; background: var(--accent-soft); border-color: transparent; }
    .actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
    .tag {
      display: inline-block; font-size: 0.8rem; padding: 0.05rem 0.5rem; border-radius: 999px;
      background: var(--info-soft); color: var(--info);
    }

    .button {
      display: inline-flex; align-items: center; justify-content: center; gap: 0.4rem;
      min-height: 44px; padding: 0.55rem 1.1rem; border-radius: var(--radius);
      border: 1px solid transparent; font: inherit; font-weight: 600; line-height: 1.2;
      text-decoration: none; cursor: pointer; touch-action: manipulation;
    }
    .button.primary { background: var(--accent); color: var(--accent-text); }
    .button.secondary { background: var(--surface); color: var(--text); border-color: var(--border); }
    .button.danger { background: var(--danger); color: var(--surface); }
    .button.link {
      background: none; border: none; color: var(--accent); padding: 0 0.5rem;
      font-weight: 400; text-decoration: underline;
    }
    .button:hover { filter: brightness(1.06); }
    .button:disabled { opacity: 0.6; cursor: not-allowed; }

    form.stack { display: grid; gap: 1rem; margin: 1rem 0; }
    .field { display: grid; gap: 0.3rem; }
    label { font-weight: 600; }
    .optional, .hint { font-weight: 400; color: var(--muted); font-size: 0.9rem; margin: 0; }
    input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]), select, textarea {
      width: 100%; min-height: 44px; padding: 0.55rem 0.7rem; font: inherit; font-size: 1rem;
      color: var(--text); background: var(--surface);
      border: 1px solid var(--border); border-radius: 8px;
    }
    textarea { min-height: 6rem; resize: vertical; }
    input[type="checkbox"], input[type="radio"] { width: 1.25rem; height: 1.25rem; }
    [aria-invalid="true"] { border-color: var(--danger) !important; border-width: 2px !important; }
    .field-error { color: var(--danger); font-weight: 600; margin: 0; }
    .form-error, .flash {
      border-radius: var(--radius); padding: 0.75rem 1rem; margin-bottom: 1rem; border-left: 4px solid;
    }
    .form-error p:last-child, .flash p:last-child { margin: 0; }
    .form-error, .flash-error { background: var(--danger-soft); border-color: var(--danger); }
    .flash-success { background: var(--success-soft); border-color: var(--success); }
    .flash-info { background: var(--info-soft); border-color: var(--info); }
    .danger-zone { border-color: var(--danger); }
    .warning { color: var(--text); }

    .table-scroll { position: relative; overflow-x: auto; max-width: 100%; }
    table { border-collapse: collapse; width: 100%; min-width: 32rem; }
    th, td { text-align: left; padding: 0.5rem; border-bottom: 1px solid var(--border); vertical-align: middle; }
    th { font-size: 0.9rem; color: var(--muted); font-weight: 600; }
    tr.current { background: var(--accent-soft); }

    @media (max-width: 480px) {
      h1 { font-size: 1.45rem; }
      main { padding-top: 1rem; }
      .bar { gap: 0 0.5rem; }
      .actions .button, form.stack .button { width: 100%; }
    }
    @media (prefers-reduced-motion: reduce) {
      * { transition: none !important; animation: none !important; scroll-behavior: auto !important; }
    }
    @media print {
      :root { --bg: #fff; --surface: #fff; --text: #000; --muted: #333; --border: #999; }
      .site-header, .site-footer, .skip-link, .button, .flash { display: none !important; }
      body { background: #fff; color: #000; }
      main { max-width: none; padding: 0; }
      .card { border: 1px solid #999; break-inside: avoid; }
      a { color: #000; }
      .table-scroll { overflow: visible; }
      table { min-width: 0; }
    }

    /* Redo: the Matrix theme, on Redo's pages only, light or dark alike. */
    .redo-app {
      --bg: #020b09; --surface: #06140f; --text: #b8ffe6; --muted: #7fc7ab; --border: #0f3b2c;
      --accent: #00ffb8; --accent-text: #020b09; --accent-soft: #0a2a20; --danger: #ff4444;
      --danger-soft: #2a0b0b; --focus: #ffc833;
      background: var(--bg); color: var(--text); border-radius: var(--radius);
      padding: 1rem; margin: -0.5rem -0.5rem 0; font-family: var(--mono);
    }
    .redo-app h1, .redo-app h2 { color: var(--accent); text-shadow: 0 0 8px rgba(0, 255, 184, 0.45); }
    .redo-app a { color: var(--accent); }
    .redo-app .card, .redo-app table { background: var(--surface); border-color: var(--border); }
    .redo-app input, .redo-app select, .redo-app textarea {
      background: var(--bg); color: var(--text); border: 1px solid var(--border);
    }
    .redo-tabs { display: flex; gap: 0.5rem; margin-bottom: 1rem; flex-wrap: wrap; }
    .redo-tabs a { padding: 0.35rem 0.75rem; border: 1px solid var(--border); border-radius: 999px; text-decoration: none; }
    .redo-tabs a[aria-current="page"] { background: var(--accent); color: var(--accent-text); }
    .redo-device { border: 1px dashed var(--border); border-radius: var(--radius); padding: 0.75rem; margin-bottom: 1rem; }
    .redo-device.ready { border-style: solid; }
    .redo-device-actions { display: flex; gap: 0.5rem; flex-wrap: wrap; }
    .redo-key-import textarea { width: 100%; }
    .redo-messages:empty { display: none; }
    .redo-messages { padding: 0.5rem 0.75rem; border-left: 3px solid var(--accent); margin-bottom: 1rem; }
    .redo-messages.error { border-color: var(--danger); color: var(--danger); }
    .redo-add-row { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: 0 0.75rem; }
    .redo-filters { margin: 1rem 0; }
    .redo-presets { list-style: none; padding: 0; margin: 0 0 0.75rem; display: flex; flex-wrap: wrap; gap: 0.5rem; }
    .redo-presets a, .redo-saved-presets a {
      display: inline-block; padding: 0.25rem 0.7rem; border: 1px solid var(--border); border-radius: 999px;
      text-decoration: none; margin-right: 0.5rem;
    }
    .redo-presets a[aria-current="true"] { background: var(--accent); color: var(--accent-text); }
    .redo-filter-form { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: end; }
    .redo-filter-form fieldset { border: 0; padding: 0; margin: 0; display: flex; gap: 0.5rem; }
    .redo-tasks { list-style: none; padding: 0; margin: 0; }
    .redo-task {
      display: flex; gap: 0.75rem; align-items: center; justify-content: space-between;
      padding: 0.6rem 0.75rem; border: 1px solid var(--border); border-left: 4px solid var(--border);
      border-radius: var(--radius); margin-bottom: 0.5rem; background: var(--surface);
    }
    .redo-task.priority-5, .redo-task.priority-4 { border-left-color: var(--accent); }
    .redo-task.overdue { border-left-color: #ffc833; }
    .redo-task.overdue .redo-due { color: #ffc833; }
    .redo-task-title { font-weight: 600; }
    .redo-task-meta { margin: 0; color: var(--muted); font-size: 0.85rem; }
    .redo-task-actions { display: flex; gap: 0.4rem; flex-shrink: 0; }
    .button.small { padding: 0.25rem 0.6rem; font-size: 0.85rem; min-height: 2.25rem; }
    .redo-summary { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
    .redo-summary dt { color: var(--muted); }
    .redo-summary dd { margin: 0; }
    .redo-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin: 1rem 0; }
    .redo-history table, .redo-todos table { width: 100%; border-collapse: collapse; font-size: 0.85rem; }
    .redo-history td, .redo-history th, .redo-todos td, .redo-todos th {
      text-align: left; padding: 0.3rem 0.5rem; border-bottom: 1px solid var(--border); vertical-align: top;
    }
    .redo-history { overflow-x: auto; }
    .redo-figures { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: 0.75rem; }
    .redo-figures li { border: 1px solid var(--border); border-radius: var(--radius); padding: 0.75rem; }
    .redo-figures strong { display: block; font-size: 1.6rem; color: var(--accent); }
    .redo-bars { list-style: none; padding: 0; display: flex; align-items: flex-end; gap: 2px; height: 8rem; }
    .redo-bars li { flex: 1; height: 100%; display: flex; align-items: flex-end; }
    .redo-bars .bar { width: 100%; height: calc(var(--value) * 100%); min-height: 1px; background: var(--accent); }
    .hbar { display: inline-block; height: 0.8rem; width: calc(var(--value) * 12rem); background: var(--accent); vertical-align: middle; }
    @media (max-width: 40rem) {
      .redo-task { flex-direction: column; align-items: stretch; }
      .redo-task-actions { justify-content: flex-end; }
    }

    /* Softer: a calm room; people on the sides, narration in the middle. */
    .softer-app { max-width: 46rem; margin: 0 auto; }
    .softer-rooms { list-style: none; padding: 0; display: grid; gap: 0.6rem; }
    .softer-room-row { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: baseline;
      text-decoration: none; color: var(--text); }
    .softer-speaking { color: var(--accent); font-weight: 600; }
    .softer-depth { color: var(--muted); }
    .softer-status { color: var(--muted); margin-left: auto; }
    .softer-ledger { list-style: none; padding: 0; display: flex; flex-direction: column;
      gap: 0.5rem; }
    .softer-narration { text-align: center; color: var(--muted); font-size: 0.95em; }
    .softer-bubble { max-width: 80%; padding: 0.55rem 0.8rem; border-radius: 1rem;
      background: var(--surface); border: 1px solid var(--border, #e4ded6); }
    .softer-bubble p { margin: 0.15rem 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
    .softer-author { font-size: 0.8em; color: var(--muted); }
    .softer-mine { align-self: flex-end; background: var(--accent-soft); }
    .softer-lightward { align-self: flex-start; border-color: var(--accent); }
    .softer-theirs { align-self: flex-start; }
    .softer-typing, .softer-thinking { color: var(--muted); font-style: italic; }
    .softer-failed { border-left: 3px solid var(--danger); padding-left: 0.6rem; }
    .softer-banner, .softer-turn { display: flex; flex-wrap: wrap; gap: 0.6rem;
      align-items: center; margin: 0.8rem 0; }
    .softer-compose { display: flex; gap: 0.6rem; align-items: flex-end; margin: 0.8rem 0; }
    .softer-compose textarea { flex: 1; min-height: 3.2rem; }
    .softer-compose[hidden] { display: none; }
    .softer-room-actions { display: flex; gap: 0.6rem; justify-content: flex-end;
      margin-top: 1.5rem; }
    .softer-participant { display: flex; flex-wrap: wrap; gap: 0.6rem; }
    .softer-participant .field { flex: 1 1 12rem; }
    .softer-tiers { display: flex; gap: 1rem; flex-wrap: wrap; }
    .softer-form-error { color: var(--danger); }
    .softer-meta { color: var(--muted); }
    @media (max-width: 40rem) {
      .softer-bubble { max-width: 92%; }
      .softer-compose { flex-direction: column; align-items: stretch; }
    }
    /* Auralyst: its own calm palette (ink, blue, amber), light and dark. */
    .auralyst-app {
      --text: #0f172a; --bg-app: #f8fafc; --accent: #2563eb; --accent-text: #ffffff;
      --accent-soft: #dbeafe; --amber: #b45309; --amber-mark: #f59e0b;
      max-width: 52rem; margin: 0 auto; color: var(--text);
    }
    @media (prefers-color-scheme: dark) {
      .auralyst-app {
        --text: #e2e8f0; --bg-app: #0b1220; --accent: #60a5fa; --accent-text: #0b1220;
        --accent-soft: #1e293b; --amber: #fbbf24; --amber-mark: #fbbf24;
      }
    }
    .auralyst-app .button.primary { background: var(--accent); color: var(--accent-text);
      border-color: var(--accent); }
    .auralyst-app a { color: var(--accent); }
    .auralyst-crumbs { color: var(--muted); font-size: 0.9rem; }
    .auralyst-badge { color: var(--amber); font-weight: 600; }
    .auralyst-amber, .auralyst-author { color: var(--amber); }
    .auralyst-tabs, .auralyst-windows { display: flex; flex-wrap: wrap; gap: 0.4rem;
      margin: 0 0 1rem; }
    .auralyst-tabs a, .auralyst-windows a { padding: 0.3rem 0.75rem; border: 1px solid var(--border);
      border-radius: 999px; text-decoration: none; }
    .auralyst-tabs a[aria-current="page"], .auralyst-windows a[aria-current="page"] {
      background: var(--accent); color: var(--accent-text); border-color: var(--accent); }
    .auralyst-journals, .auralyst-timeline, .auralyst-list, .auralyst-doses,
    .auralyst-as-needed, .auralyst-notes, .auralyst-cues { list-style: none; padding: 0;
      display: grid; gap: 0.6rem; }
    .auralyst-journal-row, .auralyst-day-row, .auralyst-entry-row { display: flex; flex-wrap: wrap;
      gap: 0.5rem; align-items: baseline; text-decoration: none; color: inherit; }
    .auralyst-day-row .auralyst-preview { flex-basis: 100%; }
    .auralyst-chips { display: inline-flex; gap: 0.35rem; }
    .chip { display: inline-block; padding: 0.05rem 0.55rem; border-radius: 999px;
      background: var(--accent-soft); font-size: 0.85rem; }
    .auralyst-dose { display: flex; gap: 0.6rem; align-items: center; }
    .auralyst-dose input[type="checkbox"] { width: 1.4rem; height: 1.4rem; accent-color: var(--accent); }
    .auralyst-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
      gap: 0.6rem; }
    .auralyst-day-picker, .auralyst-range { display: flex; flex-wrap: wrap; gap: 0.6rem;
      align-items: flex-end; }
    .auralyst-cue { border-left: 4px solid var(--amber-mark); }
    .auralyst-cue strong { color: var(--amber); }
    .auralyst-warning { border-left: 4px solid var(--amber-mark); }
    .auralyst-ok { color: var(--success); }
    .auralyst-levels { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; }
    .auralyst-levels dd { margin: 0; }
    .auralyst-note-preview { color: var(--muted); display: -webkit-box; -webkit-line-clamp: 2;
      -webkit-box-orient: vertical; overflow: hidden; flex-basis: 100%; }
    .auralyst-entry-note { white-space: pre-wrap; }
    .auralyst-schedule-row { border: 1px dashed var(--border); border-radius: var(--radius);
      padding: 0.75rem; margin-bottom: 0.75rem; display: grid;
      grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr)); gap: 0.5rem; }
    .auralyst-days { grid-column: 1 / -1; display: flex; flex-wrap: wrap; gap: 0.6rem; }
    .auralyst-adherence progress { display: block; width: 100%; accent-color: var(--accent); }
    .auralyst-chart { margin: 0.5rem 0; }
    .auralyst-chart svg { width: 100%; height: auto; }
    .auralyst-chart figcaption { color: var(--muted); font-size: 0.9rem; }
    .chart-label { fill: currentColor; }
    .chart-grid { stroke: var(--border); }
    .chart-zero { stroke: var(--muted); stroke-dasharray: 4 3; }
    .chart-line { fill: none; stroke: var(--accent); stroke-width: 2; }
    .chart-dot { fill: var(--accent); }
    .chart-cell { fill: var(--amber-mark); }
    .chart-bar { fill: var(--amber-mark); }
    .chart-bar.negative { fill: var(--accent); }
    .auralyst-report table { width: 100%; border-collapse: collapse; }
    .auralyst-report th, .auralyst-report td { border-bottom: 1px solid var(--border);
      padding: 0.3rem; text-align: left; vertical-align: top; }
    @media print {
      .auralyst-no-print, .auralyst-tabs, .auralyst-crumbs, .auralyst-status { display: none; }
      .auralyst-app { max-width: none; color: #000; }
      .auralyst-report .card { break-inside: avoid; }
      .auralyst-chart { break-inside: avoid; }
      .auralyst-chart svg { max-width: 17cm; max-height: 7cm; }
    }
    """#
}
