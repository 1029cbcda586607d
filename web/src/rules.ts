// The rules pages of the two games, in English and French (route #/rules/<game>).
// Our own text, written from the rulebooks (shared/rules/), FACTS.md and the rules as
// the engine plays them (docs/rules/). The page is built with createElement and
// textContent only; the one inline markup, **bold**, is our own text.

import type { Lang } from "./contract.js";
import { el, svg } from "./dom.js";

type Game = "jaipur" | "marrakech";

type Block =
  | { k: "p"; t: string }
  | { k: "note"; t: string }
  | { k: "h3"; t: string }
  | { k: "ul" | "ol"; items: string[] }
  | { k: "table"; caption: string; head: string[]; rows: string[][] }
  | { k: "track"; caption: string; label: string };

interface Section {
  id: string;
  title: string;
  blocks: Block[];
}

interface Page {
  title: string;
  lead: string;
  other: string; // link to the other game's rules
  toc: string;
  sections: Section[];
}

// ---------------------------------------------------------------------------
// Jaipur

const JAIPUR_EN: Page = {
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
};

const JAIPUR_FR: Page = {
  title: "Jaipur : les règles",
  lead: "Un jeu de cartes et de négoce pour deux joueurs, environ 30 minutes.",
  other: "Règles de Marrakech",
  toc: "Sur cette page",
  sections: [
    {
      id: "jaipur-aim",
      title: "But du jeu",
      blocks: [
        {
          k: "p",
          t: "Vous et votre adversaire êtes marchands à Jaipur, et chacun espère devenir le marchand attitré du Maharaja. Récoltez des marchandises au marché, puis vendez-les pour amasser des roupies. Les grosses ventes rapportent en plus une prime.",
        },
        {
          k: "p",
          t: "La partie se joue en plusieurs manches. À la fin de chaque manche, le marchand le plus riche remporte un **sceau d'excellence**. Le premier qui en possède **deux** gagne la partie.",
        },
        {
          k: "p",
          t: "Les chameaux ne se vendent pas : ils servent de monnaie d'échange lorsque vous voulez prendre plusieurs marchandises d'un coup au marché.",
        },
      ],
    },
    {
      id: "jaipur-components",
      title: "Matériel",
      blocks: [
        {
          k: "ul",
          items: [
            "**55 cartes** : 6 diamants, 6 or, 6 argent, 8 tissus, 8 épices, 10 cuir et 11 chameaux.",
            "**38 jetons marchandises**, une pile par marchandise ; chaque jeton porte sa valeur en roupies.",
            "**18 jetons bonus** en trois piles, pour les ventes de 3 cartes, de 4 cartes, et de 5 cartes ou plus.",
            "**1 jeton chameau**, qui vaut 5 roupies.",
            "**3 sceaux d'excellence.**",
          ],
        },
        {
          k: "table",
          caption: "Jetons marchandises, dans l'ordre où on les prend (le haut de la pile d'abord)",
          head: ["Marchandise", "Cartes", "Jetons"],
          rows: [
            ["Diamant", "6", "7 7 5 5 5"],
            ["Or", "6", "6 6 5 5 5"],
            ["Argent", "6", "5 5 5 5 5"],
            ["Tissu", "8", "5 3 3 2 2 1 1"],
            ["Épices", "8", "5 3 3 2 2 1 1"],
            ["Cuir", "10", "4 3 2 1 1 1 1 1 1"],
          ],
        },
        {
          k: "table",
          caption: "Jetons bonus (chaque pile est mélangée)",
          head: ["Vente", "Jetons de la pile"],
          rows: [
            ["3 cartes", "1 1 2 2 2 3 3"],
            ["4 cartes", "4 4 5 5 6 6"],
            ["5 cartes ou plus", "8 8 9 10 10"],
          ],
        },
        {
          k: "p",
          t: "La valeur d'un jeton bonus n'est inscrite qu'au dos : en le prenant, vous n'en connaissez que la fourchette, et votre adversaire n'en découvre la valeur qu'au décompte. Chaque marchandise a une carte de plus que de jetons : la dernière carte d'une marchandise peut donc se vendre pour rien.",
        },
      ],
    },
    {
      id: "jaipur-setup",
      title: "Mise en place d'une manche",
      blocks: [
        {
          k: "ol",
          items: [
            "Posez **3 cartes chameau** face visible entre les joueurs : c'est le début du **marché**.",
            "Mélangez les 52 autres cartes et distribuez-en **5** à chaque joueur.",
            "Chacun retire de sa main les chameaux reçus et les pose face visible devant lui : c'est son **troupeau** (l'enclos).",
            "Retournez les **2 premières cartes** de la pioche à côté des chameaux : le marché compte alors 5 cartes (parfois 4 ou 5 chameaux). Les 40 cartes restantes forment la **pioche**, face cachée.",
            "Faites une pile de jetons par marchandise, la plus forte valeur en haut, étalée pour que les deux joueurs voient toutes les valeurs.",
            "Mélangez chaque sorte de jetons bonus à part et formez trois piles face cachée. Posez à côté le jeton chameau et les sceaux.",
          ],
        },
        {
          k: "p",
          t: "Le premier joueur de la première manche est tiré au sort. Ensuite, c'est toujours le perdant de la manche précédente qui commence.",
        },
      ],
    },
    {
      id: "jaipur-turn",
      title: "Votre tour",
      blocks: [
        {
          k: "p",
          t: "À votre tour, vous devez soit **prendre des cartes**, soit **vendre des cartes**, mais jamais les deux. Cela fait quatre actions possibles ; choisissez-en une, puis c'est à votre adversaire.",
        },
        { k: "h3", t: "Prendre une seule marchandise" },
        {
          k: "p",
          t: "Prenez en main une carte marchandise du marché (pas un chameau), puis remplacez-la par la première carte de la pioche. C'est impossible si vous avez déjà 7 marchandises en main.",
        },
        { k: "h3", t: "Prendre tous les chameaux" },
        {
          k: "p",
          t: "Prenez **tous** les chameaux du marché, jamais une partie seulement, et ajoutez-les à votre troupeau. Complétez ensuite le marché avec la pioche. Il faut au moins un chameau au marché. Peu importe le nombre de cartes en main : les chameaux n'en font pas partie.",
        },
        { k: "h3", t: "Troc : prendre plusieurs marchandises" },
        {
          k: "p",
          t: "Prenez au marché deux marchandises ou plus, de n'importe quels types, et rendez-y le même nombre de cartes, prises dans votre main, dans votre troupeau (des chameaux), ou dans les deux.",
        },
        {
          k: "ul",
          items: [
            "Un troc, c'est toujours au minimum **2 cartes contre 2** : on n'échange jamais une seule carte.",
            "On ne prend jamais de chameau par un troc, mais on peut en donner.",
            "Vous ne pouvez pas rendre une marchandise du même type que l'une de celles que vous prenez.",
            "On ne pioche rien : le marché garde ses 5 cartes.",
            "Donner des chameaux agrandit votre main : après le troc, vous devez avoir 7 marchandises au plus.",
          ],
        },
        { k: "h3", t: "Vendre" },
        {
          k: "p",
          t: "Choisissez **un seul** type de marchandise et posez-en autant de cartes que vous voulez sur la défausse. Pour chaque carte vendue, prenez le jeton du haut de la pile de cette marchandise : les premiers vendeurs obtiennent les meilleurs prix.",
        },
        {
          k: "ul",
          items: [
            "**Diamants, or et argent** se vendent au minimum par 2 cartes, même s'il ne reste qu'un seul jeton de cette marchandise.",
            "**Bonus :** vendez 3 cartes et prenez un jeton de la pile « 3 cartes » ; 4 cartes, de la pile « 4 cartes » ; 5 cartes ou plus, de la pile « 5 cartes ».",
            "S'il reste moins de jetons que de cartes vendues, la vente reste permise : vous prenez les jetons qui restent (peut-être aucun) et gagnez quand même le bonus correspondant au nombre de cartes vendues. Une pile de bonus vide ne rapporte rien.",
            "Une vente ne fait piocher aucune carte.",
          ],
        },
        {
          k: "note",
          t: "**Limite de main :** à la fin de votre tour, vous avez au plus 7 marchandises en main. Les chameaux de votre troupeau ne comptent jamais.",
        },
      ],
    },
    {
      id: "jaipur-round-end",
      title: "Fin d'une manche",
      blocks: [
        { k: "p", t: "La manche s'arrête immédiatement, juste après l'action qui la termine, lorsque :" },
        {
          k: "ul",
          items: [
            "**trois** des six piles de jetons marchandises sont épuisées, ou",
            "il faut compléter le marché et la pioche n'a plus assez de cartes : on pose les cartes qui restent, puis la manche s'arrête.",
          ],
        },
        {
          k: "p",
          t: "Une pioche qui tombe à zéro en complétant entièrement le marché n'arrête pas la manche ; c'est le complément suivant qui l'arrêtera. Un troc ou une vente ne pioche jamais et ne peut donc pas finir la manche par la pioche.",
        },
      ],
    },
    {
      id: "jaipur-scoring",
      title: "Décompte et victoire",
      blocks: [
        {
          k: "ol",
          items: [
            "Le joueur qui a le plus grand troupeau reçoit le **jeton chameau** (5 roupies). En cas d'égalité, personne ne le prend.",
            "Chacun retourne ses jetons et additionne ses roupies : jetons marchandises, jetons bonus et jeton chameau.",
            "Le marchand le plus riche gagne un **sceau d'excellence**. En cas d'égalité en roupies, c'est celui qui a le plus de jetons bonus ; en cas de nouvelle égalité, celui qui a le plus de jetons marchandises.",
          ],
        },
        {
          k: "p",
          t: "Si personne n'a encore deux sceaux, on prépare une nouvelle manche comme au début : les sceaux sont conservés, tout le reste est redistribué, et le perdant de la manche commence.",
        },
        {
          k: "p",
          t: "La partie s'arrête **dès qu'un joueur obtient son deuxième sceau** : il gagne et devient le marchand du Maharaja.",
        },
      ],
    },
    {
      id: "jaipur-souk",
      title: "Dans Souk",
      blocks: [
        { k: "p", t: "Là où la règle ne dit rien, l'application tranche ainsi." },
        {
          k: "ul",
          items: [
            "**Égalité parfaite :** si roupies, jetons bonus et jetons marchandises sont tous égaux, personne ne gagne de sceau, et la manche suivante est commencée par le joueur qui n'avait pas commencé la manche à égalité.",
            "**Premier joueur :** celui de la première manche est tiré au sort à partir de la graine de la partie ; la rediffusion d'une partie est donc toujours identique.",
            "**Troupeaux visibles :** chacun voit toujours combien de chameaux compte chaque troupeau (la règle permet de le cacher).",
            "**Très grosses ventes :** vendre 6 ou 7 cartes rapporte un bonus de la pile « 5 cartes ».",
            "**Pas de passe :** il existe toujours une action permise, car 7 marchandises contiennent toujours une paire à vendre.",
            "**Jetons bonus adverses :** vous voyez combien votre adversaire en a pris dans chaque pile, mais pas leur valeur avant le décompte.",
          ],
        },
      ],
    },
  ],
};

// ---------------------------------------------------------------------------
// Marrakech

const MARRAKECH_EN: Page = {
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
        { k: "h3", t: "3. Pay tribute" },
        {
          k: "p",
          t: "If Assam stops on a carpet of another player, you pay that player **one dirham per square** of the area of that colour around him: his own square, plus every visible square of the same colour that shares a side with it, and so on outwards. Diagonals do not connect; covered squares do not count.",
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
};

const MARRAKECH_FR: Page = {
  title: "Marrakech : les règles",
  lead: "Un jeu de tapis et de dirhams pour 2 à 4 joueurs, environ 20 minutes.",
  other: "Règles de Jaipur",
  toc: "Sur cette page",
  sections: [
    {
      id: "marrakech-aim",
      title: "But du jeu",
      blocks: [
        {
          k: "p",
          t: "Sur la place du marché aux tapis de Marrakech, les marchands rivalisent. À votre tour, vous déplacez **Assam**, le marchand, sur la place ; s'il s'arrête sur les tapis d'un adversaire, vous lui payez une dîme ; puis vous posez un de vos tapis à côté de lui.",
        },
        {
          k: "p",
          t: "En fin de partie, chaque case visible de vos tapis et chaque dirham que vous possédez vaut un point. Le marchand le plus fortuné gagne.",
        },
      ],
    },
    {
      id: "marrakech-components",
      title: "Matériel",
      blocks: [
        {
          k: "ul",
          items: [
            "**Le marché :** un plateau de 7 × 7 cases, bordé d'arcs qui forment un circuit.",
            "**Assam**, le pion marchand. Il regarde toujours dans l'une des quatre directions.",
            "**Un dé** dont les six faces montrent **1, 2, 2, 3, 3 et 4** babouches : 2 et 3 sortent deux fois plus souvent que 1 ou 4.",
            "**Des tapis** de deux cases, en quatre couleurs (trois séries de 15 et une de 12).",
            "**Des pièces :** 30 dirhams par joueur (cinq pièces de 1 et cinq de 5).",
          ],
        },
        {
          k: "table",
          caption: "Tapis par joueur",
          head: ["Joueurs", "Couleurs chacun", "Tapis chacun"],
          rows: [
            ["2", "2, mélangées", "24 (12 de chaque couleur)"],
            ["2, option une couleur", "1", "15"],
            ["3", "1", "15"],
            ["4", "1", "12"],
          ],
        },
        { k: "h3", t: "Le circuit du bord" },
        {
          k: "p",
          t: "Tout autour du plateau, des arcs relient les cases du bord deux à deux, et les coins en haut à droite et en bas à gauche ont chacun leur propre boucle. Ils ramènent Assam dans le marché quand son déplacement l'en ferait sortir.",
        },
        {
          k: "track",
          caption: "Le plateau et son circuit. Assam part du centre. Avec les colonnes a à g depuis la gauche et les rangées 1 à 7 depuis le haut, les arcs relient les colonnes a–b, c–d, e–f en haut et b–c, d–e, f–g en bas, les rangées 1–2, 3–4, 5–6 à gauche et 2–3, 4–5, 6–7 à droite ; les boucles des coins en haut à droite et en bas à gauche le ramènent sur la même case.",
          label: "Croquis du plateau de Marrakech, 7 cases sur 7, avec ses arcs et Assam au centre",
        },
      ],
    },
    {
      id: "marrakech-setup",
      title: "Mise en place",
      blocks: [
        {
          k: "ol",
          items: [
            "Placez Assam sur la **case centrale**.",
            "Chaque joueur reçoit **30 dirhams** et les tapis de sa couleur (voir le tableau ci-dessus).",
            "À deux joueurs, chacun mélange ses 24 tapis de deux couleurs en une seule pioche face cachée ; il les posera dans cet ordre.",
            "Désignez le premier joueur ; on joue ensuite à tour de rôle.",
          ],
        },
      ],
    },
    {
      id: "marrakech-turn",
      title: "Votre tour",
      blocks: [
        { k: "p", t: "Un tour compte quatre étapes, toujours dans cet ordre." },
        { k: "h3", t: "1. Orienter Assam" },
        {
          k: "p",
          t: "Laissez Assam dans son orientation, ou tournez-le d'un quart de tour à gauche ou à droite. Il ne fait jamais demi-tour.",
        },
        { k: "h3", t: "2. Lancer le dé et avancer" },
        {
          k: "p",
          t: "Lancez le dé. Assam avance d'autant de cases, en ligne droite, jamais en diagonale.",
        },
        {
          k: "p",
          t: "Si un pas le ferait sortir du plateau, il suit l'arc à cet endroit : il revient sur la case voisine du bord que l'arc relie, tourné vers l'intérieur, et continue d'avancer. L'arc ne compte pas comme un pas : la case d'arrivée, si. Aux deux coins qui ont une boucle, il revient sur la même case : en haut à droite, s'il allait vers le nord il regarde maintenant vers l'ouest, et s'il allait vers l'est il regarde vers le sud ; en bas à gauche, s'il allait vers le sud il regarde vers l'est, et s'il allait vers l'ouest il regarde vers le nord.",
        },
        { k: "h3", t: "3. Payer la dîme" },
        {
          k: "p",
          t: "Si Assam s'arrête sur un tapis adverse, vous payez à son propriétaire **un dirham par case** de la zone de cette couleur autour de lui : sa propre case, plus chaque case visible de la même couleur qui la touche par un côté, et ainsi de suite. Les cases en diagonale ne comptent pas, ni les cases recouvertes.",
        },
        {
          k: "p",
          t: "Rien à payer sur une case vide ou sur l'un de vos tapis. Si vous ne pouvez pas payer toute la dîme, vous donnez tout ce qui vous reste et vous êtes **éliminé**. Payer exactement votre dernier dirham vous laisse en jeu, sans rien.",
        },
        { k: "h3", t: "4. Poser un tapis" },
        { k: "p", t: "Posez votre tapis suivant sur deux cases voisines (pas en diagonale) du plateau, de sorte que :" },
        {
          k: "ul",
          items: [
            "au moins une de ses cases touche par un côté la case d'Assam ;",
            "aucune des deux cases ne soit celle d'Assam ;",
            "il ne recouvre pas d'un coup les deux moitiés visibles d'un même tapis, quelle que soit sa couleur, même la vôtre.",
          ],
        },
        {
          k: "p",
          t: "Il peut se poser sur deux cases vides, sur une case vide et une moitié de tapis, ou sur deux moitiés de tapis différents. Un tapis ne peut donc disparaître entièrement qu'en deux poses. Il y a toujours au moins une pose possible.",
        },
      ],
    },
    {
      id: "marrakech-end",
      title: "Fin de partie et décompte",
      blocks: [
        {
          k: "p",
          t: "La partie prend fin dès que le dernier tapis est posé, ou dès qu'il ne reste qu'un seul joueur en jeu.",
        },
        {
          k: "p",
          t: "Chaque joueur encore en jeu compte **un point par case visible** de sa couleur (de ses deux couleurs à deux joueurs) **et un point par dirham**. Le plus grand total gagne. En cas d'égalité, le joueur qui a le plus de dirhams l'emporte ; en cas de nouvelle égalité, la victoire est partagée.",
        },
      ],
    },
    {
      id: "marrakech-souk",
      title: "Dans Souk",
      blocks: [
        { k: "p", t: "Là où la règle ne dit rien, l'application tranche ainsi." },
        {
          k: "ul",
          items: [
            "**À deux joueurs :** on joue par défaut la variante « À deux joueurs » de la règle : deux couleurs chacun, 12 tapis de chaque, mélangés en une pioche de 24 posée dans l'ordre. S'arrêter sur l'une de ses deux couleurs ne coûte rien, et les deux couleurs d'un joueur se comptent séparément pour la dîme (elles ne forment jamais une seule zone). Le jeu plus simple, 15 tapis d'une seule couleur chacun, est proposé en option.",
            "**Départ :** Assam part tourné vers le nord (le haut du plateau) ; le circuit étant symétrique, cela ne change rien. Le premier siège commence, puis les sièges jouent dans l'ordre.",
            "**Le dé** est lancé par l'application à partir de la graine de la partie : une rediffusion donne les mêmes lancers.",
            "**Joueur éliminé :** son tour s'arrête aussitôt et ses tapis restants ne sont jamais posés. Ses tapis restent sur le plateau et comptent toujours pour la règle des « deux moitiés », mais ne rapportent plus de dîme ni de points. On le saute dans l'ordre du jeu.",
            "**Plus un sou :** un joueur à 0 dirham reste en jeu ; il est éliminé à la prochaine dîme qu'il doit payer.",
          ],
        },
      ],
    },
  ],
};

const PAGES: Record<Game, Record<Lang, Page>> = {
  jaipur: { en: JAIPUR_EN, fr: JAIPUR_FR },
  marrakech: { en: MARRAKECH_EN, fr: MARRAKECH_FR },
};

// ---------------------------------------------------------------------------
// DOM

// Our own text with **bold** runs, as text and <strong> elements.
function inline(text: string): (string | HTMLElement)[] {
  return text
    .split("**")
    .map((part, i) => (i % 2 === 1 ? el("strong", {}, part) : part))
    .filter((part) => part !== "");
}

// The 7 × 7 board with its border arcs and corner loops (FACTS.md, Marrakech), and
// Assam on the centre square facing north.
function trackSketch(label: string): SVGElement {
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

function renderBlock(parent: HTMLElement, b: Block): void {
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
  }
}

export function renderRules(root: HTMLElement, game: "jaipur" | "marrakech", lang: Lang): void {
  const page = PAGES[game][lang];
  const other: Game = game === "jaipur" ? "marrakech" : "jaipur";

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
    for (const b of s.blocks) renderBlock(section, b);
    article.appendChild(section);
  }

  root.appendChild(article);
}
