// The Marrakech rules page's drawing of the board's border track.
import { svg } from "../dom.js";

// The 7 × 7 board with its border arcs and corner loops (FACTS.md, Marrakech), and
// Assam on the centre square facing north.
export function trackSketch(label: string): SVGElement {
  const C = 24; // cell
  const M = 22; // margin for the arcs
  const N = 7;
  const size = N * C + 2 * M;
  const r = C / 2;
  const left = M;
  const top = M;
  const right = M + N * C;
  const bottom = M + N * C;
  const cx = (i: number): number => M + i * C + r;

  const drawing = svg("svg", {
    viewBox: `0 0 ${size} ${size}`,
    width: size,
    height: size,
    role: "img",
    "aria-label": label,
    class: "rules-track",
  });
  const title = svg("title", {});
  title.textContent = label;
  drawing.appendChild(title);

  // Squares.
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      drawing.appendChild(
        svg("rect", {
          x: M + x * C,
          y: M + y * C,
          width: C,
          height: C,
          class: (x + y) % 2 === 0 ? "rules-sq rules-sq-a" : "rules-sq rules-sq-b",
        }),
      );
    }
  }

  // Arcs: semicircles joining two edge squares; corner loops three quarters round.
  const arcs: string[] = [];
  for (const i of [0, 2, 4]) {
    // North edge, columns i and i+1; west edge, rows i and i+1.
    arcs.push(`M ${cx(i)} ${top} A ${r} ${r} 0 0 1 ${cx(i + 1)} ${top}`);
    arcs.push(`M ${left} ${cx(i)} A ${r} ${r} 0 0 0 ${left} ${cx(i + 1)}`);
  }
  for (const i of [1, 3, 5]) {
    // South edge, columns i and i+1; east edge, rows i and i+1.
    arcs.push(`M ${cx(i)} ${bottom} A ${r} ${r} 0 0 0 ${cx(i + 1)} ${bottom}`);
    arcs.push(`M ${right} ${cx(i)} A ${r} ${r} 0 0 1 ${right} ${cx(i + 1)}`);
  }
  // Top-right corner: from the top side of the corner square round to its right side.
  arcs.push(`M ${right - r} ${top} A ${r} ${r} 0 1 1 ${right} ${top + r}`);
  // Bottom-left corner: from its left side round to its bottom side.
  arcs.push(`M ${left} ${bottom - r} A ${r} ${r} 0 1 0 ${left + r} ${bottom}`);
  drawing.appendChild(svg("path", { d: arcs.join(" "), class: "rules-arc" }));

  // Board outline.
  drawing.appendChild(
    svg("rect", { x: M, y: M, width: N * C, height: N * C, class: "rules-board-edge" }),
  );

  // Assam on the centre square, facing north.
  const ax = cx(3);
  const ay = cx(3);
  drawing.appendChild(svg("circle", { cx: ax, cy: ay, r: 8, class: "rules-assam" }));
  drawing.appendChild(
    svg("path", {
      d: `M ${ax} ${ay - 7} L ${ax + 5} ${ay + 2} L ${ax} ${ay} L ${ax - 5} ${ay + 2} Z`,
      class: "rules-assam-arrow",
    }),
  );
  return drawing;
}
