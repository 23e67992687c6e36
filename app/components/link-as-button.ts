/**
 * A link that, once the scripts run, opens something on its own page (the mobile menu's toggle,
 * the landing page's 'DONATE NOW') becomes a button from then on: `role="button"`, and Space
 * presses it as it presses a button (Enter already clicks a link). Before the scripts run, or
 * without them, it stays the link it is in the HTML and works by navigation
 * (docs/decisions/214-enhanced-controls-are-buttons.md).
 *
 * Called from an effect with the link's element: the attribute is set on the element, never
 * rendered, so the server's HTML and hydration agree, the element (and a focus or screen reader
 * already on it) stays, and nothing renders again while the page hydrates
 * (docs/decisions/154-less-work-while-hydrating.md). Returns the cleanup.
 */
export function linkAsButton(link: HTMLElement | null): () => void {
  if (!link) return () => {};
  let pressed = false;
  // As a native button: Space does not scroll the page, and presses once released.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== " ") return;
    event.preventDefault();
    if (!event.repeat) pressed = true;
  };
  const onKeyUp = (event: KeyboardEvent) => {
    if (event.key !== " " || !pressed) return;
    pressed = false;
    event.preventDefault();
    link.click();
  };
  const onBlur = () => {
    pressed = false;
  };
  link.setAttribute("role", "button");
  link.addEventListener("keydown", onKeyDown);
  link.addEventListener("keyup", onKeyUp);
  link.addEventListener("blur", onBlur);
  return () => {
    link.removeAttribute("role");
    link.removeEventListener("keydown", onKeyDown);
    link.removeEventListener("keyup", onKeyUp);
    link.removeEventListener("blur", onBlur);
  };
}
