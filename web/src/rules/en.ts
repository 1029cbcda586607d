// The rules pages in English: our own text, written from the rulebooks (shared/rules/),
// FACTS.md and the rules as the engine plays them (docs/rules/). Drawn by page.ts.
import type { RulesText } from "./types.js";

export const en: RulesText = {
  jaipur: {
    title: "Jaipur: the rules",
    lead: "A trading card game for two players, about 30 minutes.",
    other: "Marrakech rules",
    toc: "On this page",
    sections: [
      {
        id: "jaipur-aim",
        title: "Aim of the game",
        blocks: [
          {
            k: "p",
            t: "You and your opponent are traders in Jaipur, each hoping to become the Maharaja's personal trader. Collect goods at the market, then sell them for rupees. Big sales earn a bonus on top.",
          },
          {
            k: "p",
            t: "The game is played in rounds. At the end of each round the richer trader earns a **seal of excellence**. The first player to hold **two seals** wins.",
          },
          {
            k: "p",
            t: "Camels are never sold: they are what you pay with when you want to take several goods from the market at once.",
          },
        ],
      },
      {
        id: "jaipur-components",
        title: "Components",
        blocks: [
          {
            k: "ul",
            items: [
              "**55 cards**: 6 diamonds, 6 gold, 6 silver, 8 cloth, 8 spice, 10 leather and 11 camels.",
              "**38 goods tokens**, one pile per good, each showing its value in rupees.",
              "**18 bonus tokens** in three piles, for sales of 3 cards, 4 cards, and 5 cards or more.",
              "**1 camel token**, worth 5 rupees.",
              "**3 seals of excellence.**",
            ],
          },
          {
            k: "table",
            caption: "Goods tokens, in the order they are taken (top of the pile first)",
            head: ["Good", "Cards", "Tokens"],
            rows: [
              ["Diamond", "6", "7 7 5 5 5"],
              ["Gold", "6", "6 6 5 5 5"],
              ["Silver", "6", "5 5 5 5 5"],
              ["Cloth", "8", "5 3 3 2 2 1 1"],
              ["Spice", "8", "5 3 3 2 2 1 1"],
              ["Leather", "10", "4 3 2 1 1 1 1 1 1"],
            ],
          },
          {
            k: "table",
            caption: "Bonus tokens (each pile shuffled)",
            head: ["Sale", "Tokens in the pile"],
            rows: [
              ["3 cards", "1 1 2 2 2 3 3"],
              ["4 cards", "4 4 5 5 6 6"],
              ["5 cards or more", "8 8 9 10 10"],
            ],
          },
          {
            k: "p",
            t: "A bonus token's value is printed on its back only: you know its range when you take it, and your opponent learns its value when the round is scored. Each good has one card more than it has tokens, so the last card of a good may sell for nothing.",
          },
        ],
      },
      {
        id: "jaipur-setup",
        title: "Setting up a round",
        blocks: [
          {
            k: "ol",
            items: [
              "Put **3 camel cards** face up between the players: this is the start of the **market**.",
              "Shuffle the other 52 cards and deal **5 cards** to each player.",
              "Each player takes the camels they were dealt out of their hand and lays them face up in front of them: this is their **herd**.",
              "Turn the top **2 cards** of the deck face up beside the camels, so the market holds 5 cards (it may now hold 4 or 5 camels). The other 40 cards stay face down: the **deck**.",
              "Make one pile of goods tokens per good, the highest value on top, spread out so that both players can see every value.",
              "Shuffle each kind of bonus token separately into three face-down piles. Put the camel token and the seals beside them.",
            ],
          },
          {
            k: "picture",
            picture: "jaipur-market",
            caption: "A market as a round opens: the three camels laid first and two cards turned from the deck, here a diamond and a spice. 40 cards are left in the deck.",
            label: "The market at the start of a round: three camels, a diamond and a spice, beside the deck of 40 cards",
          },
          {
            k: "picture",
            picture: "jaipur-tokens",
            caption: "The leather tokens, highest on top: the first leather sold earns 4 rupees, the next 3, then 2, then 1. Beside them, one bonus token of each pile, its value hidden: for a sale of 3 cards, of 4, of 5 or more.",
            label: "A pile of leather tokens worth 4, 3, 2 and six of 1, and the three bonus piles for sales of 3, 4 and 5 or more cards",
          },
          {
            k: "p",
            t: "The first player of the first round is chosen at random. In every later round, the player who lost the previous round starts.",
          },
        ],
      },
      {
        id: "jaipur-turn",
        title: "Your turn",
        blocks: [
          {
            k: "p",
            t: "On your turn you either **take cards** or **sell cards**, never both. That makes four possible actions; choose one, then your opponent plays.",
          },
          { k: "h3", t: "Take one good" },
          {
            k: "p",
            t: "Take one goods card (not a camel) from the market into your hand, then fill the gap with the top card of the deck. You cannot do this while you already hold 7 goods.",
          },
          { k: "h3", t: "Take all the camels" },
          {
            k: "p",
            t: "Take **every** camel in the market, never just some of them, and add them to your herd. Then refill the market from the deck. There must be at least one camel in the market. You may do this however many cards you hold: camels are not part of your hand.",
          },
          { k: "h3", t: "Exchange: take several goods" },
          {
            k: "p",
            t: "Take two or more goods from the market, of any types, and put back the same number of cards, taken from your hand, from your herd (camels), or from both.",
          },
          {
            k: "ul",
            items: [
              "An exchange is always at least **2 cards for 2**: you can never swap a single card.",
              "You never take a camel in an exchange, but you may give camels from your herd.",
              "You cannot give back a good of a type you are taking.",
              "No card is drawn: the market still holds 5 cards.",
              "Giving camels makes your hand bigger: after the exchange you must hold 7 goods or fewer.",
            ],
          },
          { k: "h3", t: "Sell" },
          {
            k: "p",
            t: "Choose **one** type of good and put as many cards of it as you like on the discard pile. For each card sold, take the top token of that good's pile, so the first sellers get the best prices.",
          },
          {
            k: "ul",
            items: [
              "**Diamonds, gold and silver** are sold 2 cards at a time at least, even when only one token of that good is left.",
              "**Bonus:** sell 3 cards and take a token from the 3‑card pile; 4 cards, from the 4‑card pile; 5 cards or more, from the 5‑card pile.",
              "If there are fewer tokens left than cards sold, the sale is still allowed: you take the tokens that remain (perhaps none) and still earn the bonus for the number of cards you sold. An empty bonus pile gives nothing.",
              "A sale draws no card.",
            ],
          },
          {
            k: "note",
            t: "**Hand limit:** at the end of your turn you may hold at most 7 goods. Camels in your herd never count.",
          },
        ],
      },
      {
        id: "jaipur-round-end",
        title: "End of a round",
        blocks: [
          { k: "p", t: "The round ends at once, right after the action that causes it, when:" },
          {
            k: "ul",
            items: [
              "**three** of the six goods-token piles are empty, or",
              "the market must be refilled and the deck does not have enough cards: the cards that are left are laid out, then the round ends.",
            ],
          },
          {
            k: "p",
            t: "A deck that runs down to zero while filling the market completely does not end the round; the next refill will. Exchanges and sales never draw, so they never end a round through the deck.",
          },
        ],
      },
      {
        id: "jaipur-scoring",
        title: "Scoring and winning",
        blocks: [
          {
            k: "ol",
            items: [
              "The player with the bigger herd takes the **camel token** (5 rupees). If the herds are equal, nobody takes it.",
              "Each player turns over their tokens and adds up the rupees: goods tokens, bonus tokens and the camel token.",
              "The richer player takes a **seal of excellence**. If the rupees are equal, the player with more bonus tokens takes it; if that is equal too, the player with more goods tokens.",
            ],
          },
          {
            k: "p",
            t: "If nobody holds two seals yet, a new round is set up from scratch: the seals are kept, everything else is dealt again, and the loser of the round starts.",
          },
          {
            k: "p",
            t: "The game ends **as soon as a player holds their second seal**: that player wins and becomes the Maharaja's trader.",
          },
        ],
      },
      {
        id: "jaipur-souk",
        title: "In Souk",
        blocks: [
          { k: "p", t: "Where the rulebook leaves a case open, this app decides as follows." },
          {
            k: "ul",
            items: [
              "**Complete tie:** if rupees, bonus tokens and goods tokens are all equal, nobody gets a seal, and the next round is started by the player who did not start the tied round.",
              "**First player:** the first round's starting player is drawn at random from the game's seed, so a replay of the game is always the same.",
              "**Herds are face up:** both players always see how many camels each herd holds (the rulebook lets you hide it).",
              "**Big sales:** selling 6 or 7 cards earns a bonus from the 5‑card pile.",
              "**No passing:** a legal action always exists, since 7 goods always include a pair you can sell.",
              "**Opponent's bonus tokens:** you see how many they took from each pile, but not their values until the round is scored.",
            ],
          },
        ],
      },
    ],
  },

  marrakech: {
    title: "Marrakech: the rules",
    lead: "A game of carpets and coins for 2 to 4 players, about 20 minutes.",
    other: "Jaipur rules",
    toc: "On this page",
    sections: [
      {
        id: "marrakech-aim",
        title: "Aim of the game",
        blocks: [
          {
            k: "p",
            t: "Carpet merchants compete on the great market square of Marrakech. On your turn you walk **Assam**, the merchant, across the square; if he stops on another player's carpets you pay them; then you lay one of your own carpets next to him.",
          },
          {
            k: "p",
            t: "At the end, every visible square of your carpets and every dirham you hold is worth one point. The richest merchant wins.",
          },
        ],
      },
      {
        id: "marrakech-components",
        title: "Components",
        blocks: [
          {
            k: "ul",
            items: [
              "**The market:** a board of 7 × 7 squares, with a border track of arcs around its edges.",
              "**Assam**, the merchant pawn. He always faces one of the four directions.",
              "**One die** whose six faces show **1, 2, 2, 3, 3 and 4** babouches (slippers): 2 and 3 come up twice as often as 1 or 4.",
              "**Carpets**, each two squares long, in four colours (three sets of 15 and one of 12).",
              "**Coins:** 30 dirhams for each player (five coins of 1 and five of 5).",
            ],
          },
          {
            k: "table",
            caption: "Carpets per player",
            head: ["Players", "Colours each", "Carpets each"],
            rows: [
              ["2", "2, shuffled together", "24 (12 of each colour)"],
              ["2, one-colour option", "1", "15"],
              ["3", "1", "15"],
              ["4", "1", "12"],
            ],
          },
          { k: "h3", t: "The border track" },
          {
            k: "p",
            t: "Around the board, arcs join the edge squares in pairs, and the top-right and bottom-left corners each have a loop of their own. They bring Assam back into the market when his walk would take him off it.",
          },
          {
            k: "track",
            caption: "The board and its border track. Assam starts in the centre. With columns a to g from the left and rows 1 to 7 from the top, arcs join columns a–b, c–d, e–f along the top and b–c, d–e, f–g along the bottom, rows 1–2, 3–4, 5–6 on the left and 2–3, 4–5, 6–7 on the right; the loops at the top-right and bottom-left corners turn him back onto the same square.",
            label: "Sketch of the 7 by 7 Marrakech board with its border arcs and Assam in the centre",
          },
        ],
      },
      {
        id: "marrakech-setup",
        title: "Setting up",
        blocks: [
          {
            k: "ol",
            items: [
              "Put Assam on the **centre square**.",
              "Each player takes **30 dirhams** and the carpets of their colour (see the table above).",
              "In the two-player game, each player shuffles their 24 carpets of two colours into one face-down pile; they will be laid in that order.",
              "Choose the first player; then play goes round the table.",
            ],
          },
        ],
      },
      {
        id: "marrakech-turn",
        title: "Your turn",
        blocks: [
          { k: "p", t: "A turn has four steps, always in this order." },
          { k: "h3", t: "1. Turn Assam" },
          {
            k: "p",
            t: "Leave Assam facing the way he faces, or turn him a quarter turn to the left or to the right. He never makes a half turn.",
          },
          { k: "h3", t: "2. Roll and walk" },
          {
            k: "p",
            t: "Roll the die. Assam walks that many squares straight ahead, never diagonally.",
          },
          {
            k: "p",
            t: "If a step would take him off the board, he follows the arc at that spot: he comes back on the neighbouring edge square that the arc joins, now facing back into the board, and goes on walking. The arc is not a step: the square he lands on is. At the two corners with a loop, he comes back onto the same corner square: at the top right, heading north he now faces west and heading east he now faces south; at the bottom left, heading south he now faces east and heading west he now faces north.",
          },
          {
            k: "picture",
            picture: "assam-edge",
            caption: "Assam on b2 faces north and the die shows 3: he walks to b1, follows the arc to a1, where he now faces south, and walks on to a2. The arc is not a step.",
            label: "Assam's walk of 3 from b2 northwards: b1, then over the arc to a1 facing south, then a2",
          },
          { k: "h3", t: "3. Pay tribute" },
          {
            k: "p",
            t: "If Assam stops on a carpet of another player, you pay that player **one dirham per square** of the area of that colour around him: his own square, plus every visible square of the same colour that shares a side with it, and so on outwards. Diagonals do not connect; covered squares do not count.",
          },
          {
            k: "picture",
            picture: "tribute",
            caption: "Assam stops on d4, on blue. The blue squares joined to his by a side are c3, c4 and e4: with his own, 4 squares, so the red player pays the blue player 4 dirhams. The blue carpet on f6–g6 does not touch them and does not count.",
            label: "A tribute group: Assam on d4 in a blue area of four squares, c3, c4, d4 and e4, outlined; red carpets and a separate blue carpet around it",
          },
          {
            k: "p",
            t: "Nothing is due on an empty square or on your own carpet. If you cannot pay in full, you give the owner everything you have and you are **out of the game**. Paying your very last dirham exactly keeps you in, with nothing left.",
          },
          { k: "h3", t: "4. Lay a carpet" },
          { k: "p", t: "Lay your next carpet on two squares side by side (not diagonally) inside the board, so that:" },
          {
            k: "ul",
            items: [
              "at least one of its squares shares a side with Assam's square;",
              "neither square is the one Assam stands on;",
              "it does not cover both visible halves of one single carpet at once, whatever its colour, yours included.",
            ],
          },
          {
            k: "p",
            t: "It may lie on two empty squares, on an empty square and half a carpet, or on halves of two different carpets. A carpet can only vanish completely under two separate placements. There is always at least one place to lay it.",
          },
        ],
      },
      {
        id: "marrakech-end",
        title: "End of the game and scoring",
        blocks: [
          {
            k: "p",
            t: "The game ends when the last carpet is laid, or as soon as only one player is left in the game.",
          },
          {
            k: "p",
            t: "Each player still in scores **one point per visible square** of their colour (both colours in the two-player game) **plus one point per dirham**. The highest score wins. On a tie, the player with more dirhams wins; if they are still tied, they share the victory.",
          },
        ],
      },
      {
        id: "marrakech-souk",
        title: "In Souk",
        blocks: [
          { k: "p", t: "Where the rulebook leaves a case open, this app decides as follows." },
          {
            k: "ul",
            items: [
              "**Two players:** the default is the rulebook's two-player game: two colours each, 12 carpets of each, shuffled into one pile of 24 and laid in that order. Landing on either of your own colours is free, and your two colours are counted apart for tribute (they never join into one area). The simpler game with 15 carpets of a single colour each is an option.",
              "**Start:** Assam starts facing north (the top of the board); the track is symmetric, so this changes nothing. The first seat plays first, then the seats in order.",
              "**The die** is rolled by the app, from the game's seed: a replay rolls the same numbers.",
              "**A player who is out:** their turn ends at once and their remaining carpets are never laid. Their carpets stay on the board and still count for the “both halves” rule, but they collect no tribute and score nothing. They are skipped in the turn order.",
              "**No money left:** a player with 0 dirhams stays in, and is out at the next tribute they owe.",
            ],
          },
        ],
      },
    ],
  },
};
