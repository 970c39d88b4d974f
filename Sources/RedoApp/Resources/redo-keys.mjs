// Keyboard shortcuts on the task list, for people at a desktop keyboard. Pure: an event's key
// and where it was typed in, to the command it asks for (or null).
export const shortcuts = [
  { keys: ["n"], command: "add", text: "Add a task" },
  { keys: ["j", "ArrowDown"], command: "next", text: "Move to the next task" },
  { keys: ["k", "ArrowUp"], command: "previous", text: "Move to the previous task" },
  { keys: ["x"], command: "complete", text: "Complete the task you are on" },
  { keys: ["s"], command: "snooze", text: "Snooze it one day" },
  { keys: ["Enter"], command: "open", text: "Open it" },
  { keys: ["/"], command: "search", text: "Search" },
  { keys: ["?"], command: "help", text: "Show these shortcuts" },
];

const byKey = new Map(shortcuts.flatMap((shortcut) => shortcut.keys.map((key) => [key, shortcut.command])));

// `typing` holds while the focus is in a field, where keys are text, not commands.
export const commandFor = ({ key, ctrlKey, metaKey, altKey }, typing) => {
  if (typing || ctrlKey || metaKey || altKey) return null;
  return byKey.get(key) || null;
};

export const isTyping = (target) => Boolean(target && target.closest
  && target.closest("input, textarea, select, [contenteditable=''], [contenteditable='true']"));
