// The landing pages' only script before the visitor interacts (docs/decisions/0125): the server sent
// the page already rendered, so the app (React, the workspace, its texts) loads at the first touch,
// key, wheel, focus or drag, and what the visitor did meanwhile is handed to it once it is running.
import { homePathFor } from './lib/homePath';
import { languages } from './lib/languages';
import { noticeWaiting } from './lib/notice';
import './index.css';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const root = document.getElementById('root');
const clicked: HTMLElement[] = [];
const submitted: HTMLFormElement[] = [];
/** Each field's value as the visitor left it: hydration sets a controlled field back to the app's empty state. */
const edited = new Map<Field, string | File[]>();
const dropped: { target: Element; files: File[] }[] = [];
let phase: 'waiting' | 'loading' | 'running' = 'waiting';

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;

/** Holds what the app would have handled; links, labels and the file picker work without it. */
function hold(event: Event) {
  if (event.type === 'click' && event.target instanceof Element) {
    const control = event.target.closest<HTMLElement>('button, [role="button"], input[type="checkbox"], input[type="radio"]');
    if (!control) return;
    // A checkbox keeps its state and a submit button does not submit until the app has its say.
    event.preventDefault();
    if (!clicked.includes(control)) clicked.push(control);
  } else if (event.type === 'submit' && event.target instanceof HTMLFormElement) {
    event.preventDefault();
    if (!submitted.includes(event.target)) submitted.push(event.target);
  } else if ((event.type === 'input' || event.type === 'change') && isField(event.target)) {
    const field = event.target;
    edited.set(field, field instanceof HTMLInputElement && field.type === 'file' ? [...(field.files ?? [])] : field.value);
  } else if ((event.type === 'dragover' || event.type === 'drop') && event instanceof DragEvent) {
    // Without this the browser would leave the page to show the dropped file.
    event.preventDefault();
    if (event.type === 'drop' && event.target instanceof Element)
      dropped.push({ target: event.target, files: [...(event.dataTransfer?.files ?? [])] });
  }
}

/** Tells React about a value typed or chosen before it ran: its own setter sees a change, the element gets the value back. */
function replayValue(field: Field, value: string | File[]) {
  if (Array.isArray(value)) {
    const chosen = new DataTransfer();
    for (const file of value) chosen.items.add(file);
    field.value = '';
    if (chosen.files.length === 0) return;
    (field as HTMLInputElement).files = chosen.files;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return;
  field.value = value === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** One step at a time, each after the app has rendered the last: a form's handler sees the value before. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

async function replay() {
  if (phase === 'running') return;
  phase = 'running';
  for (const type of events) window.removeEventListener(type, onEvent, true);
  for (const [field, value] of edited) {
    if (field.isConnected) replayValue(field, value);
    await nextTask();
  }
  for (const control of clicked) {
    if (control.isConnected) control.click();
    await nextTask();
  }
  for (const form of submitted) if (form.isConnected) form.requestSubmit();
  for (const { target, files } of dropped) {
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    if (target.isConnected) target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
  }
}

function start() {
  if (phase !== 'waiting' || !root) return;
  phase = 'loading';
  void import('./start').then(({ startApp }) => startApp(root, () => void replay()));
}

function onEvent(event: Event) {
  if (phase !== 'running') hold(event);
  start();
}

const events = ['pointerdown', 'touchstart', 'keydown', 'wheel', 'focusin', 'click', 'submit', 'input', 'change', 'dragover', 'drop'];

/** The language choice as lib/i18n.ts keeps it; storage may be blocked (private mode). */
function storedLanguage(): string | null {
  try {
    return localStorage.getItem('language');
  } catch {
    return null;
  }
}

function rememberLanguage(language: string) {
  try {
    localStorage.setItem('language', language);
  } catch {
    // The choice then lasts for this page only.
  }
}

const landingPaths = new Map(
  [...document.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')].map((link) => [
    link.hreflang,
    new URL(link.href).pathname,
  ]),
);
const home = homePathFor(storedLanguage(), navigator.language, landingPaths, languages);
if (location.pathname === '/' && home !== '/') {
  // A visitor who chose (or whose browser speaks) another language belongs on that landing page.
  location.replace(home + location.hash);
} else {
  // The address is the visitor's choice, as the landing page records it once the app runs: the next pages keep it.
  rememberLanguage(document.documentElement.lang);
  for (const type of events) window.addEventListener(type, onEvent, { capture: true, passive: type === 'touchstart' || type === 'wheel' });
  // Back from a payment page: the app reads the result from the address at once.
  if (new URLSearchParams(location.search).has('redirect_status')) start();
  // A notice waits (the account was just deleted): the app shows it now, not at the first touch.
  else if (noticeWaiting()) start();
}
