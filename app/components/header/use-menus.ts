// The header's menus are <details> (they open and close without JavaScript). With JavaScript
// they also close on Escape (focus goes back to their button), on a click outside them and
// after every navigation.
import { type RefObject, useEffect } from "react";
import { useLocation } from "react-router";

/** Every menu of the header shares this <details name>: opening one closes the others. */
export const menuGroup = "header-menu";

function openMenus(root: HTMLElement | null): HTMLDetailsElement[] {
  return root ? [...root.querySelectorAll<HTMLDetailsElement>("details[data-menu][open]")] : [];
}

export function useMenus(root: RefObject<HTMLElement | null>) {
  const { key } = useLocation();

  useEffect(() => {
    // A new location (link, form or back button): whatever was open has done its job.
    if (key) for (const menu of openMenus(root.current)) menu.open = false;
  }, [key, root]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      const menus = openMenus(root.current);
      if (menus.length === 0) return;
      const focused = document.activeElement;
      const holder = menus.filter((menu) => menu.contains(focused)).at(-1);
      for (const menu of menus) menu.open = false;
      holder?.querySelector<HTMLElement>(":scope > summary")?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      const target = event.target;
      if (!(target instanceof Node)) return;
      for (const menu of openMenus(root.current)) {
        if (!menu.contains(target)) menu.open = false;
      }
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [root]);
}
