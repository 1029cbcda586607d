// Playing a move the way a person does: by clicking the cards, squares and buttons.
export async function closeDialogs(page) {
  const round = page.locator("[data-action=close-round]");
  if (await round.isVisible()) await round.click();
  // A round's end stays on the table until the next round is dealt.
  const deal = page.locator("[data-action=next-round]");
  if (await deal.isVisible()) await deal.click();
}

async function clickUnselected(page, zone, good) {
  await page.locator(`button[data-zone=${zone}][data-good=${good}]:not([aria-pressed=true])`).first().click();
}

export async function playJaipurMove(page, move) {
  const w = move.split(" ");
  if (w[0] === "camels") {
    await clickUnselected(page, "market", "camel");
  } else if (w[0] === "take") {
    await clickUnselected(page, "market", w[1]);
  } else if (w[0] === "sell") {
    for (let i = 0; i < Number(w[1]); i++) await clickUnselected(page, "hand", w[2]);
  } else if (w[0] === "exchange") {
    const at = w.indexOf("for");
    for (const good of w.slice(1, at)) await clickUnselected(page, "market", good);
    for (const good of w.slice(at + 1)) {
      if (good === "camel") await page.locator("button[data-zone=herd]").click();
      else await clickUnselected(page, "hand", good);
    }
  }
  const confirm = page.locator("button[data-action=confirm]");
  await confirm.waitFor({ state: "visible" });
  await page.waitForFunction(() => {
    const b = document.querySelector("button[data-action=confirm]");
    return b && !b.disabled;
  }, null, { timeout: 5000 });
  await confirm.click();
}

export async function playMarrakechMove(page, move) {
  // Like a person, wait for Assam to finish walking before acting.
  await page.waitForSelector(".mk-screen[aria-busy=false]", { timeout: 15000 });
  const w = move.split(" ");
  if (w[0] === "place") {
    await page.locator(`[data-square=${w[1]}]`).click();
    await page.locator(`[data-square=${w[2]}]`).click();
    await page.waitForFunction(() => {
      const b = document.querySelector("button[data-action=place]");
      return b && !b.disabled;
    }, null, { timeout: 5000 });
    await page.click("button[data-action=place]");
  } else {
    await page.click(`button[data-orient=${w[0]}]`);
  }
}

// The seat this page holds in game `id` (its token, kept in localStorage).
export async function heldSeat(page, id) {
  const seats = await page.evaluate((gameId) => JSON.parse(localStorage.getItem("souk.seats") ?? "{}")[gameId], id);
  return seats[0];
}

// A call to the server's API; a rate limit reached is waited out, as a client should.
export async function api(url, path, token, body) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  for (;;) {
    const res = await fetch(`${url}${path.slice(1)}`, { method: body ? "POST" : "GET", headers, body: body ? JSON.stringify(body) : undefined });
    const json = await res.json();
    if (res.status === 429) {
      await new Promise((r) => setTimeout(r, json.retry_after_ms ?? 1000));
      continue;
    }
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }
}

// Plays this seat's moves through the API (the page follows on its WebSocket) until
// `done` holds or the game is over. Sales first, for short rounds.
export async function playUntil(url, id, held, random, done) {
  for (let i = 0; i < 3000; i++) {
    const s = await api(url, `/api/games/${id}`, held.token);
    if (s.over || done(s)) return s;
    if (s.to_move !== held.seat || s.legal.length === 0) {
      await new Promise((r) => setTimeout(r, 40));
      continue;
    }
    const sells = s.legal.filter((m) => m.startsWith("sell"));
    const pool = sells.length && random(4) ? sells : s.legal;
    await api(url, `/api/games/${id}/moves`, held.token, { move: pool[random(pool.length)] });
  }
  throw new Error("the game should end");
}

// Signs up `name` on the sign-in page; returns once the header names the account.
export async function signUp(page, url, name, password = "correct horse") {
  await page.goto(`${url}#/signin`);
  await page.fill("[data-role=signup] input[name=name]", name);
  await page.fill("[data-role=signup] input[name=password]", password);
  await page.click("[data-action=signup]");
  await page.waitForSelector("[data-role=account-name]");
}

// Both seats' moves through the API until the game is over; sales first, for short rounds.
export async function playToTheEnd(url, id, seats, random) {
  for (let i = 0; i < 4000; i++) {
    const s = await api(url, `/api/games/${id}`, seats[0].token);
    if (s.over) return s;
    const mover = seats.find((h) => h.seat === s.to_move);
    const mine = await api(url, `/api/games/${id}`, mover.token);
    if (!mine.legal.length) continue;
    const sells = mine.legal.filter((m) => m.startsWith("sell"));
    const pool = sells.length && random(4) ? sells : mine.legal;
    await api(url, `/api/games/${id}/moves`, mover.token, { move: pool[random(pool.length)] });
  }
  throw new Error("the game should end");
}
