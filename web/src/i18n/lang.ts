// The language a player reads: the one they chose, remembered, or else the browser's.
import type { Lang } from "../contract.js";

const LANG_KEY = "souk.lang";

export function currentLang(): Lang {
  const stored = localStorage.getItem(LANG_KEY);
  if (stored === "en" || stored === "fr") return stored;
  return navigator.language.toLowerCase().startsWith("fr") ? "fr" : "en";
}

export function setLang(lang: Lang): void {
  localStorage.setItem(LANG_KEY, lang);
  document.documentElement.lang = lang;
}
