// The rules pages in French: our own text, written from the rulebooks (shared/rules/),
// FACTS.md and the rules as the engine plays them (docs/rules/). Drawn by page.ts.
import type { RulesText } from "./types.js";

export const fr: RulesText = {
  jaipur: {
    title: "Jaipur : les règles",
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
            t: "La partie se joue en plusieurs manches. À la fin de chaque manche, le marchand le plus riche remporte un **sceau d’excellence**. Le premier qui en possède **deux** gagne la partie.",
          },
          {
            k: "p",
            t: "Les chameaux ne se vendent pas : ils servent de monnaie d’échange lorsque vous voulez prendre plusieurs marchandises d’un coup au marché.",
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
              "**55 cartes** : 6 diamants, 6 or, 6 argent, 8 tissus, 8 épices, 10 cuir et 11 chameaux.",
              "**38 jetons marchandises**, une pile par marchandise ; chaque jeton porte sa valeur en roupies.",
              "**18 jetons bonus** en trois piles, pour les ventes de 3 cartes, de 4 cartes, et de 5 cartes ou plus.",
              "**1 jeton chameau**, qui vaut 5 roupies.",
              "**3 sceaux d’excellence.**",
            ],
          },
          {
            k: "table",
            caption: "Jetons marchandises, dans l’ordre où on les prend (le haut de la pile d’abord)",
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
            t: "La valeur d’un jeton bonus n’est inscrite qu’au dos : en le prenant, vous n’en connaissez que la fourchette, et votre adversaire n’en découvre la valeur qu’au décompte. Chaque marchandise a une carte de plus que de jetons : la dernière carte d’une marchandise peut donc se vendre pour rien.",
          },
        ],
      },
      {
        id: "jaipur-setup",
        title: "Mise en place d’une manche",
        blocks: [
          {
            k: "ol",
            items: [
              "Posez **3 cartes chameau** face visible entre les joueurs : c’est le début du **marché**.",
              "Mélangez les 52 autres cartes et distribuez-en **5** à chaque joueur.",
              "Chacun retire de sa main les chameaux reçus et les pose face visible devant lui : c’est son **troupeau** (l’enclos).",
              "Retournez les **2 premières cartes** de la pioche à côté des chameaux : le marché compte alors 5 cartes (parfois 4 ou 5 chameaux). Les 40 cartes restantes forment la **pioche**, face cachée.",
              "Faites une pile de jetons par marchandise, la plus forte valeur en haut, étalée pour que les deux joueurs voient toutes les valeurs.",
              "Mélangez chaque sorte de jetons bonus à part et formez trois piles face cachée. Posez à côté le jeton chameau et les sceaux.",
            ],
          },
          {
            k: "picture",
            picture: "jaipur-market",
            caption: "Un marché en début de manche : les trois chameaux posés d’abord et deux cartes retournées de la pioche, ici un diamant et une épice. Il reste 40 cartes dans la pioche.",
            label: "Le marché en début de manche : trois chameaux, un diamant et une épice, à côté de la pioche de 40 cartes",
          },
          {
            k: "picture",
            picture: "jaipur-tokens",
            caption: "Les jetons cuir, le plus fort dessus : le premier cuir vendu rapporte 4 roupies, le suivant 3, puis 2, puis 1. À côté, un jeton bonus de chaque pile, sa valeur cachée : pour une vente de 3 cartes, de 4, de 5 ou plus.",
            label: "Une pile de jetons cuir valant 4, 3, 2 et six fois 1, et les trois piles de bonus pour les ventes de 3, 4 et 5 cartes ou plus",
          },
          {
            k: "p",
            t: "Le premier joueur de la première manche est tiré au sort. Ensuite, c’est toujours le perdant de la manche précédente qui commence.",
          },
        ],
      },
      {
        id: "jaipur-turn",
        title: "Votre tour",
        blocks: [
          {
            k: "p",
            t: "À votre tour, vous devez soit **prendre des cartes**, soit **vendre des cartes**, mais jamais les deux. Cela fait quatre actions possibles ; choisissez-en une, puis c’est à votre adversaire.",
          },
          { k: "h3", t: "Prendre une seule marchandise" },
          {
            k: "p",
            t: "Prenez en main une carte marchandise du marché (pas un chameau), puis remplacez-la par la première carte de la pioche. C’est impossible si vous avez déjà 7 marchandises en main.",
          },
          { k: "h3", t: "Prendre tous les chameaux" },
          {
            k: "p",
            t: "Prenez **tous** les chameaux du marché, jamais une partie seulement, et ajoutez-les à votre troupeau. Complétez ensuite le marché avec la pioche. Il faut au moins un chameau au marché. Peu importe le nombre de cartes en main : les chameaux n’en font pas partie.",
          },
          { k: "h3", t: "Troc : prendre plusieurs marchandises" },
          {
            k: "p",
            t: "Prenez au marché deux marchandises ou plus, de n’importe quels types, et rendez-y le même nombre de cartes, prises dans votre main, dans votre troupeau (des chameaux), ou dans les deux.",
          },
          {
            k: "ul",
            items: [
              "Un troc, c’est toujours au minimum **2 cartes contre 2** : on n’échange jamais une seule carte.",
              "On ne prend jamais de chameau par un troc, mais on peut en donner.",
              "Vous ne pouvez pas rendre une marchandise du même type que l’une de celles que vous prenez.",
              "On ne pioche rien : le marché garde ses 5 cartes.",
              "Donner des chameaux agrandit votre main : après le troc, vous devez avoir 7 marchandises au plus.",
            ],
          },
          { k: "h3", t: "Vendre" },
          {
            k: "p",
            t: "Choisissez **un seul** type de marchandise et posez-en autant de cartes que vous voulez sur la défausse. Pour chaque carte vendue, prenez le jeton du haut de la pile de cette marchandise : les premiers vendeurs obtiennent les meilleurs prix.",
          },
          {
            k: "ul",
            items: [
              "**Diamants, or et argent** se vendent au minimum par 2 cartes, même s’il ne reste qu’un seul jeton de cette marchandise.",
              "**Bonus :** vendez 3 cartes et prenez un jeton de la pile « 3 cartes » ; 4 cartes, de la pile « 4 cartes » ; 5 cartes ou plus, de la pile « 5 cartes ».",
              "S’il reste moins de jetons que de cartes vendues, la vente reste permise : vous prenez les jetons qui restent (peut-être aucun) et gagnez quand même le bonus correspondant au nombre de cartes vendues. Une pile de bonus vide ne rapporte rien.",
              "Une vente ne fait piocher aucune carte.",
            ],
          },
          {
            k: "note",
            t: "**Limite de main :** à la fin de votre tour, vous avez au plus 7 marchandises en main. Les chameaux de votre troupeau ne comptent jamais.",
          },
        ],
      },
      {
        id: "jaipur-round-end",
        title: "Fin d’une manche",
        blocks: [
          { k: "p", t: "La manche s’arrête immédiatement, juste après l’action qui la termine, lorsque :" },
          {
            k: "ul",
            items: [
              "**trois** des six piles de jetons marchandises sont épuisées, ou",
              "il faut compléter le marché et la pioche n’a plus assez de cartes : on pose les cartes qui restent, puis la manche s’arrête.",
            ],
          },
          {
            k: "p",
            t: "Une pioche qui tombe à zéro en complétant entièrement le marché n’arrête pas la manche ; c’est le complément suivant qui l’arrêtera. Un troc ou une vente ne pioche jamais et ne peut donc pas finir la manche par la pioche.",
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
              "Le joueur qui a le plus grand troupeau reçoit le **jeton chameau** (5 roupies). En cas d’égalité, personne ne le prend.",
              "Chacun retourne ses jetons et additionne ses roupies : jetons marchandises, jetons bonus et jeton chameau.",
              "Le marchand le plus riche gagne un **sceau d’excellence**. En cas d’égalité en roupies, c’est celui qui a le plus de jetons bonus ; en cas de nouvelle égalité, celui qui a le plus de jetons marchandises.",
            ],
          },
          {
            k: "p",
            t: "Si personne n’a encore deux sceaux, on prépare une nouvelle manche comme au début : les sceaux sont conservés, tout le reste est redistribué, et le perdant de la manche commence.",
          },
          {
            k: "p",
            t: "La partie s’arrête **dès qu’un joueur obtient son deuxième sceau** : il gagne et devient le marchand du Maharaja.",
          },
        ],
      },
      {
        id: "jaipur-souk",
        title: "Dans Souk",
        blocks: [
          { k: "p", t: "Là où la règle ne dit rien, l’application tranche ainsi." },
          {
            k: "ul",
            items: [
              "**Égalité parfaite :** si roupies, jetons bonus et jetons marchandises sont tous égaux, personne ne gagne de sceau, et la manche suivante est commencée par le joueur qui n’avait pas commencé la manche à égalité.",
              "**Premier joueur :** celui de la première manche est tiré au sort à partir de la graine de la partie ; la rediffusion d’une partie est donc toujours identique.",
              "**Troupeaux visibles :** chacun voit toujours combien de chameaux compte chaque troupeau (la règle permet de le cacher).",
              "**Très grosses ventes :** vendre 6 ou 7 cartes rapporte un bonus de la pile « 5 cartes ».",
              "**Pas de passe :** il existe toujours une action permise, car 7 marchandises contiennent toujours une paire à vendre.",
              "**Jetons bonus adverses :** vous voyez combien votre adversaire en a pris dans chaque pile, mais pas leur valeur avant le décompte.",
            ],
          },
        ],
      },
    ],
  },

  marrakech: {
    title: "Marrakech : les règles",
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
            t: "Sur la place du marché aux tapis de Marrakech, les marchands rivalisent. À votre tour, vous déplacez **Assam**, le marchand, sur la place ; s’il s’arrête sur les tapis d’un adversaire, vous lui payez une dîme ; puis vous posez un de vos tapis à côté de lui.",
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
              "**Le marché :** un plateau de 7 × 7 cases, bordé d’arcs qui forment un circuit.",
              "**Assam**, le pion marchand. Il regarde toujours dans l’une des quatre directions.",
              "**Un dé** dont les six faces montrent **1, 2, 2, 3, 3 et 4** babouches : 2 et 3 sortent deux fois plus souvent que 1 ou 4.",
              "**Des tapis** de deux cases, en quatre couleurs (trois séries de 15 et une de 12).",
              "**Des pièces :** 30 dirhams par joueur (cinq pièces de 1 et cinq de 5).",
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
            t: "Tout autour du plateau, des arcs relient les cases du bord deux à deux, et les coins en haut à droite et en bas à gauche ont chacun leur propre boucle. Ils ramènent Assam dans le marché quand son déplacement l’en ferait sortir.",
          },
          {
            k: "track",
            caption: "Le plateau et son circuit. Assam part du centre. Avec les colonnes a à g depuis la gauche et les rangées 1 à 7 depuis le haut, les arcs relient les colonnes a–b, c–d, e–f en haut et b–c, d–e, f–g en bas, les rangées 1–2, 3–4, 5–6 à gauche et 2–3, 4–5, 6–7 à droite ; les boucles des coins en haut à droite et en bas à gauche le ramènent sur la même case.",
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
              "À deux joueurs, chacun mélange ses 24 tapis de deux couleurs en une seule pioche face cachée ; il les posera dans cet ordre.",
              "Désignez le premier joueur ; on joue ensuite à tour de rôle.",
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
            t: "Laissez Assam dans son orientation, ou tournez-le d’un quart de tour à gauche ou à droite. Il ne fait jamais demi-tour.",
          },
          { k: "h3", t: "2. Lancer le dé et avancer" },
          {
            k: "p",
            t: "Lancez le dé. Assam avance d’autant de cases, en ligne droite, jamais en diagonale.",
          },
          {
            k: "p",
            t: "Si un pas le ferait sortir du plateau, il suit l’arc à cet endroit : il revient sur la case voisine du bord que l’arc relie, tourné vers l’intérieur, et continue d’avancer. L’arc ne compte pas comme un pas : la case d’arrivée, si. Aux deux coins qui ont une boucle, il revient sur la même case : en haut à droite, s’il allait vers le nord il regarde maintenant vers l’ouest, et s’il allait vers l’est il regarde vers le sud ; en bas à gauche, s’il allait vers le sud il regarde vers l’est, et s’il allait vers l’ouest il regarde vers le nord.",
          },
          {
            k: "picture",
            picture: "assam-edge",
            caption: "Assam en b2 regarde vers le nord et le dé montre 3 : il avance en b1, suit l’arc jusqu’en a1, où il regarde maintenant vers le sud, et continue en a2. L’arc ne compte pas comme un pas.",
            label: "Le trajet de 3 d’Assam depuis b2 vers le nord : b1, puis l’arc jusqu’en a1 face au sud, puis a2",
          },
          { k: "h3", t: "3. Payer la dîme" },
          {
            k: "p",
            t: "Si Assam s’arrête sur un tapis adverse, vous payez à son propriétaire **un dirham par case** de la zone de cette couleur autour de lui : sa propre case, plus chaque case visible de la même couleur qui la touche par un côté, et ainsi de suite. Les cases en diagonale ne comptent pas, ni les cases recouvertes.",
          },
          {
            k: "picture",
            picture: "tribute",
            caption: "Assam s’arrête en d4, sur du bleu. Les cases bleues reliées à la sienne par un côté sont c3, c4 et e4 : avec la sienne, 4 cases, donc le joueur rouge paie 4 dirhams au joueur bleu. Le tapis bleu en f6–g6 ne les touche pas et ne compte pas.",
            label: "Une zone de tribut : Assam en d4 dans une zone bleue de quatre cases, c3, c4, d4 et e4, entourées ; des tapis rouges et un tapis bleu séparé autour",
          },
          {
            k: "p",
            t: "Rien à payer sur une case vide ou sur l’un de vos tapis. Si vous ne pouvez pas payer toute la dîme, vous donnez tout ce qui vous reste et vous êtes **éliminé**. Payer exactement votre dernier dirham vous laisse en jeu, sans rien.",
          },
          { k: "h3", t: "4. Poser un tapis" },
          { k: "p", t: "Posez votre tapis suivant sur deux cases voisines (pas en diagonale) du plateau, de sorte que :" },
          {
            k: "ul",
            items: [
              "au moins une de ses cases touche par un côté la case d’Assam ;",
              "aucune des deux cases ne soit celle d’Assam ;",
              "il ne recouvre pas d’un coup les deux moitiés visibles d’un même tapis, quelle que soit sa couleur, même la vôtre.",
            ],
          },
          {
            k: "p",
            t: "Il peut se poser sur deux cases vides, sur une case vide et une moitié de tapis, ou sur deux moitiés de tapis différents. Un tapis ne peut donc disparaître entièrement qu’en deux poses. Il y a toujours au moins une pose possible.",
          },
        ],
      },
      {
        id: "marrakech-end",
        title: "Fin de partie et décompte",
        blocks: [
          {
            k: "p",
            t: "La partie prend fin dès que le dernier tapis est posé, ou dès qu’il ne reste qu’un seul joueur en jeu.",
          },
          {
            k: "p",
            t: "Chaque joueur encore en jeu compte **un point par case visible** de sa couleur (de ses deux couleurs à deux joueurs) **et un point par dirham**. Le plus grand total gagne. En cas d’égalité, le joueur qui a le plus de dirhams l’emporte ; en cas de nouvelle égalité, la victoire est partagée.",
          },
        ],
      },
      {
        id: "marrakech-souk",
        title: "Dans Souk",
        blocks: [
          { k: "p", t: "Là où la règle ne dit rien, l’application tranche ainsi." },
          {
            k: "ul",
            items: [
              "**À deux joueurs :** on joue par défaut la variante « À deux joueurs » de la règle : deux couleurs chacun, 12 tapis de chaque, mélangés en une pioche de 24 posée dans l’ordre. S’arrêter sur l’une de ses deux couleurs ne coûte rien, et les deux couleurs d’un joueur se comptent séparément pour la dîme (elles ne forment jamais une seule zone). Le jeu plus simple, 15 tapis d’une seule couleur chacun, est proposé en option.",
              "**Départ :** Assam part tourné vers le nord (le haut du plateau) ; le circuit étant symétrique, cela ne change rien. Le premier siège commence, puis les sièges jouent dans l’ordre.",
              "**Le dé** est lancé par l’application à partir de la graine de la partie : une rediffusion donne les mêmes lancers.",
              "**Joueur éliminé :** son tour s’arrête aussitôt et ses tapis restants ne sont jamais posés. Ses tapis restent sur le plateau et comptent toujours pour la règle des « deux moitiés », mais ne rapportent plus de dîme ni de points. On le saute dans l’ordre du jeu.",
              "**Plus un sou :** un joueur à 0 dirham reste en jeu ; il est éliminé à la prochaine dîme qu’il doit payer.",
            ],
          },
        ],
      },
    ],
  },
};
