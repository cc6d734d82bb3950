"use client";

import { useEffect } from "react";

export const PRODUCT_NAME = "Flexblock";

/** "Flexblock - Check-in". */
export const pageTitle = (screen: string) => `${PRODUCT_NAME} - ${screen}`;

/** Sets the document title to "Flexblock - <screen>" while the component is shown. */
export function usePageTitle(screen: string | null | undefined) {
  useEffect(() => {
    if (screen) document.title = pageTitle(screen);
  }, [screen]);
}
