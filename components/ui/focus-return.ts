/**
 * Where keyboard focus goes when a dialog or sheet closes: back to what opened it.
 *
 * Radix returns focus only to its own Trigger, and most of our dialogs are opened from code (a
 * calendar tile, a menu item, a button in another dialog), so closing them left focus on the page's
 * body. Each dialog records, as it opens, a chain of candidates: the element that had focus, then
 * (when that element lived in a menu or a dialog that closed as this one opened) the menu's trigger
 * or that dialog's own chain, and last the controls next to the opener on the page, for when the dialog
 * removed its opener (a member taken out of a list, a group deleted from its menu). On close the first
 * candidate still on the page and visible wins.
 */

type Chain = HTMLElement[];

/** What a dialog recorded as it opened. */
export interface Opener {
  chain: Chain;
  /** The page's path then: a dialog that navigated (a search result) hands focus to the new page. */
  path: string;
}

const DIALOGS = '[role="dialog"], [role="alertdialog"]';
/** Dialogs and menus: what closes around a control, unlike the page itself. */
const OVERLAYS = `${DIALOGS}, [role="menu"]`;
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The chain of each open dialog's content element, for a dialog opened from inside it. */
const chains = new WeakMap<Element, Opener>();

/**
 * The last element that had focus other than the page itself. When a dialog opens as another one
 * or a menu closes, the control that was used has just left the page and focus is on the body.
 */
let lastFocused: HTMLElement | null = null;
if (typeof document !== "undefined") {
  document.addEventListener(
    "focusin",
    (event) => {
      if (event.target instanceof HTMLElement && event.target !== document.body) lastFocused = event.target;
    },
    true,
  );
}

/** On the page and not hidden (a phone layout's copy of a tile is not the one to focus). */
export function canTakeFocus(element: HTMLElement | null | undefined): element is HTMLElement {
  return !!element && element.isConnected && element.getClientRects().length > 0;
}

/** What to return to, best first, for a dialog opening now (before its content mounts). */
export function recordOpener(): Opener {
  const path = window.location.pathname;
  const active = document.activeElement;
  const start = active instanceof HTMLElement && active !== document.body ? active : lastFocused;
  if (!start) return { chain: [], path };
  const chain: Chain = [start];
  // A menu item: its menu's trigger (Radix labels the menu by the trigger's id).
  const triggerId = start.closest('[role="menu"]')?.getAttribute("aria-labelledby");
  const trigger = triggerId ? document.getElementById(triggerId) : null;
  if (trigger) chain.push(...[trigger, ...chainOf(trigger)]);
  // A control in another dialog: what that dialog would return to, in case it closes too.
  chain.push(...chainOf(start));
  const onPage = chain.find((element) => !element.closest(OVERLAYS));
  if (onPage) chain.push(...neighbours(onPage));
  return { chain, path };
}

/**
 * The page's controls just after `element`, then just before it, nearest first (at most three each
 * way, visible ones only): where focus goes when the dialog removed `element` itself, so a keyboard
 * user taking out one row after another stays in the list.
 */
function neighbours(element: HTMLElement): Chain {
  const controls = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (control) => !control.closest(OVERLAYS),
  );
  const at = controls.indexOf(element);
  if (at === -1) return [];
  const near = (list: HTMLElement[]) => list.filter(canTakeFocus).slice(0, 3);
  return [
    ...near(controls.slice(at + 1, at + 13)),
    ...near(controls.slice(Math.max(0, at - 12), at).reverse()),
  ];
}

function chainOf(element: HTMLElement): Chain {
  const dialog = element.closest(DIALOGS);
  return (dialog && chains.get(dialog)?.chain) || [];
}

/** Remember what a dialog recorded under its content element, for dialogs opened from inside it. */
export function rememberOpener(content: Element, opener: Opener) {
  chains.set(content, opener);
}

/**
 * Focus the preferred element, else the first candidate that can take it. Returns false when none
 * can (the opener left with a navigation), leaving focus where the browser puts it.
 */
export function returnFocus(opener: Opener | null, preferred?: HTMLElement | null): boolean {
  // The dialog led to another page: start at that page's content, not at a control of the old one.
  const main = document.getElementById("main");
  if (opener && opener.path !== window.location.pathname && canTakeFocus(main)) {
    main.focus();
    return true;
  }
  const candidates = [preferred, ...(opener?.chain ?? [])];
  // A dialog still open (this one was nested in it, or handed over to a new one) owns focus: only
  // something inside it may take it.
  const open = [...document.querySelectorAll(DIALOGS)].filter((d) => d.getAttribute("data-state") === "open");
  const top = open.at(-1);
  const target = candidates.find((c) => canTakeFocus(c) && (!top || top.contains(c)));
  target?.focus();
  return !!target;
}
