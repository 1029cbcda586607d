// The rules pages of the two games (route #/rules/<game>), in the player's language:
// the prose of en.ts or fr.ts drawn as headings, paragraphs, lists, tables, the track
// sketch and pictures of the games' pieces, with a table of contents.
import type { GameName, Lang } from "../contract.js";
import { el } from "../dom.js";
import { t } from "../i18n/t.js";
import { en } from "./en.js";
import { fr } from "./fr.js";
import { WEB_GAMES } from "../games.js";
import { pictureEl } from "./pictures.js";
import { trackSketch } from "./sketch.js";
import type { Block, RulesText } from "./types.js";

const RULES: Record<Lang, RulesText> = { en, fr };

// Our own text with **bold** runs, as text and <strong> elements.
function inline(text: string): (string | HTMLElement)[] {
  return text
    .split("**")
    .map((part, i) => (i % 2 === 1 ? el("strong", {}, part) : part))
    .filter((part) => part !== "");
}

function renderBlock(parent: HTMLElement, b: Block, lang: Lang): void {
  switch (b.k) {
    case "p":
      parent.appendChild(el("p", {}, ...inline(b.t)));
      break;
    case "note":
      parent.appendChild(el("p", { class: "rules-note" }, ...inline(b.t)));
      break;
    case "h3":
      parent.appendChild(el("h3", {}, ...inline(b.t)));
      break;
    case "ul":
    case "ol": {
      const list = el(b.k);
      for (const item of b.items) list.appendChild(el("li", {}, ...inline(item)));
      parent.appendChild(list);
      break;
    }
    case "table": {
      const wrap = el("div", { class: "rules-table-wrap" });
      const table = el("table", { class: "rules-table" });
      table.appendChild(el("caption", {}, ...inline(b.caption)));
      const thead = el("thead");
      const hr = el("tr");
      for (const h of b.head) {
        const th = el("th", {}, ...inline(h));
        th.scope = "col";
        hr.appendChild(th);
      }
      thead.appendChild(hr);
      table.appendChild(thead);
      const tbody = el("tbody");
      for (const row of b.rows) {
        const tr = el("tr");
        row.forEach((cell, i) => {
          if (i === 0) {
            const th = el("th", {}, ...inline(cell));
            th.scope = "row";
            tr.appendChild(th);
          } else {
            tr.appendChild(el("td", {}, ...inline(cell)));
          }
        });
        tbody.appendChild(tr);
      }
      table.appendChild(tbody);
      wrap.appendChild(table);
      parent.appendChild(wrap);
      break;
    }
    case "track": {
      const fig = el("figure", { class: "rules-figure" });
      fig.appendChild(trackSketch(b.label));
      fig.appendChild(el("figcaption", {}, ...inline(b.caption)));
      parent.appendChild(fig);
      break;
    }
    case "picture": {
      const art = el("div", { class: "rules-picture", role: "img", "aria-label": b.label, "data-picture": b.picture }, pictureEl(lang, b.picture));
      parent.appendChild(el("figure", { class: "rules-figure" }, art, el("figcaption", {}, ...inline(b.caption))));
      break;
    }
  }
}

export function renderRules(root: HTMLElement, game: GameName, lang: Lang): void {
  const page = RULES[lang][game];
  // The next game's rules (games.ts's order, round to the first).
  const other: GameName = WEB_GAMES[(WEB_GAMES.indexOf(game) + 1) % WEB_GAMES.length];

  root.replaceChildren();
  root.classList.add("rules");
  root.lang = lang;

  const article = el("article", { class: "rules-page" });
  article.id = `rules-${game}`;

  const header = el("header", { class: "rules-header" });
  const otherLink = el("a", { class: "rules-other" }, ...inline(page.other));
  otherLink.href = `#/rules/${other}`;
  header.appendChild(otherLink);
  header.appendChild(el("h1", {}, ...inline(page.title)));
  header.appendChild(el("p", { class: "rules-lead" }, ...inline(page.lead)));
  // The game's lessons, played on the real table (learn/page.ts).
  header.appendChild(el("p", { class: "rules-learn" }, el("a", { class: "button primary", href: `#/learn/${game}`, "data-action": "learn" }, t(lang, "learn.title"))));

  // Table of contents. The app routes on the hash, so the links scroll in place
  // instead of changing it.
  const nav = el("nav", { class: "rules-toc" });
  nav.setAttribute("aria-label", page.toc);
  nav.appendChild(el("p", { class: "rules-toc-title" }, ...inline(page.toc)));
  const tocList = el("ol");
  for (const s of page.sections) {
    const li = el("li");
    const a = el("a", {}, ...inline(s.title));
    a.href = `#/rules/${game}`;
    a.dataset.section = s.id;
    a.addEventListener("click", (ev) => {
      ev.preventDefault();
      document.getElementById(s.id)?.scrollIntoView({ behavior: "smooth", block: "start" });
    });
    li.appendChild(a);
    tocList.appendChild(li);
  }
  nav.appendChild(tocList);
  header.appendChild(nav);
  article.appendChild(header);

  for (const s of page.sections) {
    const section = el("section", { class: "rules-section" });
    section.id = s.id;
    section.appendChild(el("h2", {}, ...inline(s.title)));
    for (const b of s.blocks) renderBlock(section, b, lang);
    article.appendChild(section);
  }

  root.appendChild(article);
}
