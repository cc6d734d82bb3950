import "server-only";
import { RUNGS, type Rung } from "@/lib/core/choice/ladder";

/**
 * The product's help for students in French (Canada): "Planning your Focus Block" and "How your Focus
 * Block is decided" (lib/wiki/help/admin-posts.server.ts STUDENT_PLANNING, choosing-post.server.ts
 * CHOOSING), shown on the Help screen of a reader in French while the school's copy is unedited
 * (lib/wiki/help/translated.server.ts). Setting names (choice-deadline, waitlist-mode…) stay as the
 * settings screen writes them. OQLF school words: élève, enseignant·e, courriel, mot de passe.
 */

const RUNG_WORDS: Record<Rung, { label: string; says: string }> = {
  appointment: { label: "Rendez-vous", says: "Un·e enseignant·e a réservé l’élève ; seul le personnel peut le modifier." },
  amendment: { label: "Modification", says: "Le personnel a modifié (annulé ou excusé) le bloc." },
  request: { label: "Demande d’un·e enseignant·e", says: "Un·e enseignant·e a demandé l’élève, sans verrou : l’élève peut encore choisir." },
  standing: { label: "Choix habituel", says: "L’enseignant·e habituel·le de l’élève pour ce type de jour ou ce jour de la semaine." },
  chosen: { label: "Le choix de l’élève", says: "L’élève a choisi l’enseignant·e pour cette date." },
  waitlist: { label: "Liste d’attente", says: "Une place s’est libérée chez un·e enseignant·e que l’élève attendait." },
  placed: { label: "Placement par défaut", says: "Rien d’autre ne tenait le bloc à l’heure limite de choix : l’enseignant·e par défaut." },
};

/** The ladder as a Markdown table, top rung first, in the order the server keeps (RUNGS). */
function ladderTable(): string {
  const rows = RUNGS.map(
    (rung, i) => `| ${i + 1} | **${RUNG_WORDS[rung.rung].label}** | ${rung.locked ? "Verrouillé" : "Non verrouillé"} | ${RUNG_WORDS[rung.rung].says} |`,
  );
  return ["| | Ce qui tient le bloc | Pour l’élève | Sens |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

export const STUDENT_PLANNING_FR = {
  title: "Planifier ton bloc Focus (pour les élèves)",
  body: `Le **bloc Focus** est ton temps pour obtenir de l’aide, terminer un travail ou explorer quelque chose de
nouveau. Avant chaque bloc, tu choisis avec quel·le enseignant·e tu le passeras. Ce choix, c’est ton **plan**.

## Te connecter

Connecte-toi avec ton **numéro d’élève** et ton mot de passe. La première fois, ou après qu’un·e
enseignant·e a réinitialisé ton mot de passe, Flexblock te demande d’en choisir un nouveau : au moins
8 caractères, pas ton numéro d’élève et rien de facile à deviner. Coche **Se souvenir de moi** seulement
sur ton propre appareil.

## Choisir un·e enseignant·e

1. Ta semaine s’ouvre dès que tu te connectes. Les blocs Focus affichent *Aucun horaire* tant que tu n’as
   pas choisi. En haut, un encadré compte tes prochains blocs Focus sans enseignant·e ; son bouton nomme le
   premier (par exemple **Choisir pour le mardi 24 novembre**) et ouvre sa liste d’enseignant·es. Un bloc
   Focus avec un rendez-vous affiche plutôt l’enseignant·e du rendez-vous. Sur un téléphone, un point ambre
   sous l’onglet d’un jour signale un bloc Focus encore à choisir ce jour-là.
2. Touche ou clique sur un bloc Focus (sur un téléphone, choisis d’abord le jour).
3. Sous **Choix**, fais ton choix dans la liste. Chaque enseignant·e affiche son sujet, par exemple
   *Aide en maths* ou *Étude silencieuse*, et le nombre de places qui restent, comme *4 places libres sur 30*.
4. Le message *Choix enregistré.* indique que ta place est réservée. Le bloc affiche maintenant le nom de
   l’enseignant·e.

Tu peux changer d’idée jusqu’à la fermeture des choix : ouvre le bloc de nouveau et choisis quelqu’un
d’autre. Le bloc indique jusqu’à quand, par exemple *Tu peux choisir jusqu’au mardi 8 décembre, 8 h.* (ton
école fixe l’heure ; sans heure fixée, c’est la fin du bloc). Ensuite, il indique *Les choix ont pris fin le
mardi 8 décembre, 8 h.*

## Tes choix habituels

Si tu vois toujours le même ou la même enseignant·e le même jour, ajoute-le une seule fois sous
**Mes choix habituels** sur ta page : **Chaque** (le jour, comme *Jour 2* ou *mercredi*), **Avec**
(l’enseignant·e), **Du** et **Au** (vide : la fin de l’étape), puis **Ajouter le choix habituel**. Tes
prochains blocs Focus de ce jour sont planifiés pour toi, et ils indiquent que c’est ton choix habituel, par
exemple *Ton choix habituel du Jour 2 avec Ms. Ruiz.* Un choix que tu fais toi-même pour un jour, ou un
rendez-vous, passe en premier. Si l’enseignant·e n’a plus de place, tu es inscrit·e sur sa liste d’attente,
et on te le dit. Les jours sans école sont sautés. **Retirer** supprime le choix habituel, avec les plans à
venir qu’il a créés.

## Si tu ne choisis pas

Ton école peut placer les élèves qui n’ont pas choisi à une heure fixée (l’*heure limite*) avec leur
enseignant·e titulaire. Avant l’heure limite, un message en haut de ta page le dit, par exemple *Si tu ne
choisis pas avant 8 h, tu seras placé·e avec ton enseignant·e titulaire.* Ensuite, le bloc indique que tu as
été placé·e avec ton enseignant·e titulaire (par exemple Mr. Reyes) à l’heure limite de 8 h. Ton école
décide si tu peux encore changer après.

## Quand tu ne peux pas choisir

- **Complet** : l’enseignant·e n’a plus de place. Choisis quelqu’un d’autre.
- **Non disponible** : l’enseignant·e ne reçoit pas d’élèves ce jour-là.
- *Ms. Ruiz t’a réservé·e pour une reprise d’examen — demande-lui de le changer.* Un·e enseignant·e t’a
  réservé·e, avec un verrou. Va la ou le voir : le rendez-vous et sa note sont affichés dans le bloc, avec un
  cadenas. Seul·e l’enseignant·e peut le modifier.
- *Mr. Reyes t’a invité·e à venir : rattrapage de labo. Tu peux encore choisir.* Une demande d’un·e
  enseignant·e, sans verrou : tu peux encore choisir quelqu’un d’autre, et ton choix annule la demande
  (l’enseignant·e est averti·e).
- *Le placement par défaut a eu lieu pour ce bloc Focus, tu ne peux donc plus changer d’enseignant·e.* Tu as
  été placé·e avec ton enseignant·e titulaire et ton école ne permet pas de changement après.

## Lire ta semaine

| Couleur | Sens |
| --- | --- |
| Vert pâle, *Présent·e* | Ta présence a été enregistrée. |
| Rouge pâle, *Absent·e* | Le bloc est terminé et ta présence n’a pas été enregistrée. Parles-en à ton enseignant·e si c’est une erreur. |
| Gris, pointillé, *Période modifiée* | Tu as été excusé·e, par exemple pour une sortie. |
| Blanc | À venir. |

Un nombre dans le coin d’un bloc compte tes rendez-vous dans ce bloc.

## Enregistrer ta présence

À ton arrivée, ton enseignant·e lit ta carte d’élève ou tape ton numéro. Aie ta carte prête et assure-toi
que ton numéro y figure.

Certain·es enseignant·es affichent plutôt un code à l’écran. Tape-le sous **Confirmer ta présence avec un
code** en haut de ta page (cette zone est là tant que la prise des présences est ouverte) et appuie sur
**Confirmer**, ou lis le code QR avec l’appareil photo de ton téléphone. Le code change toutes les
30 secondes : tape celui que tu vois maintenant.

Quand tu as terminé, appuie sur **Se déconnecter**, surtout sur un ordinateur partagé.
`,
};

export const CHOOSING_FR = {
  title: "Comment ton bloc Focus est décidé : choix, verrous, heures limites et listes d’attente",
  body: `Plusieurs choses peuvent placer un·e élève quelque part dans un bloc Focus : un rendez-vous avec un·e
enseignant·e, une modification du personnel, un choix habituel, le choix de l’élève, une liste d’attente ou
le placement par défaut. Quand plus d’une s’applique, l’**échelle** décide. Élèves et personnel lisent ici
les mêmes règles.

## L’échelle

L’échelon le plus haut tient le bloc. Chaque bloc d’une semaine affiche sa raison et qui l’a décidée.

${ladderTable()}

Trois règles :

1. Un échelon plus haut remplace un échelon plus bas, et l’élève apprend ce qui a remplacé quoi.
2. Un échelon plus bas ne remplace jamais un échelon plus haut : il est refusé, ou (un choix habituel, le
   placement par défaut) sauté, et la raison est gardée.
3. L’élève peut remplacer lui-même ou elle-même tout ce qui le ou la concerne et qui n’est pas verrouillé
   (son choix habituel pour une date, une place en liste d’attente, un placement par défaut, une demande
   sans verrou), jamais un échelon verrouillé.

## Les verrous

Un rendez-vous est **verrouillé**, sauf si l’enseignant·e le réserve sans verrou : c’est alors une *demande
d’un·e enseignant·e*, et l’élève peut encore choisir quelqu’un d’autre. Un bloc verrouillé affiche qui l’a
verrouillé et pourquoi, par exemple *Ms. Ruiz t’a réservé·e pour une reprise d’examen — demande-lui de le
changer.* Seul le personnel peut modifier un bloc verrouillé.

## Les heures limites

- **choice-deadline** : jusqu’à quand les élèves peuvent choisir un·e enseignant·e pour un bloc Focus. Une
  heure le jour du bloc (\`08:00\`) ou un nombre d’heures avant son début (\`2h\`) ; vide, c’est jusqu’à la
  fin du bloc (un bloc en cours peut encore être choisi). Après, l’élève voit jusqu’à quand il ou elle
  pouvait choisir.
- **request-deadline** : jusqu’à quand les enseignant·es peuvent réserver des élèves pour un bloc Focus
  (demandes et rendez-vous), sous la même forme ; après, seule une administratrice ou un administrateur le
  peut.
- Un jour du calendrier scolaire peut fixer ses propres heures limites de choix et de demande, qui
  remplacent alors les deux paramètres pour ce jour-là.
- Le placement par défaut a lieu après l’heure limite de choix, pour les élèves que rien d’autre ne tient.

## Les listes d’attente

Quand un·e enseignant·e n’a plus de place, un·e élève peut s’inscrire sur sa liste d’attente pour ce bloc
Focus (au plus **waitlist-limit** listes d’attente par bloc, 3 si l’école n’a rien changé). Quand une place
se libère, le ou la première élève de la liste l’obtient, au même moment, selon le paramètre
**waitlist-mode** :

- \`auto\` (par défaut) : l’élève est placé·e tout de suite et averti·e.
- \`offer\` : la place lui est réservée pendant **waitlist-offer-minutes** (30) minutes, puis offerte à
  l’élève suivant·e.

Un·e élève placé·e à partir d’une liste d’attente quitte son autre plan pour ce bloc, et la liste d’attente
de cet·te enseignant·e avance.

## Les choix habituels

Un·e élève peut choisir un·e enseignant·e pour chaque bloc Focus d’un type de jour (*chaque Jour 2 avec
Ms. Ruiz*) ou d’un jour de la semaine, d’une date jusqu’à une date ou jusqu’à la fin de l’étape. Flexblock
crée ces plans **standing-choice-days** (14) jours à l’avance, à mesure que chaque période de choix ouvre,
avec la raison *ton choix habituel du Jour 2*. Ce qui est plus haut sur l’échelle l’emporte ; quand
l’enseignant·e n’est pas disponible ou n’a plus de place, l’élève va sur la liste d’attente, puis au
placement par défaut, et en est averti·e. Les congés et les types de jour modifiés sont respectés.

## Les demandes récurrentes

Un·e enseignant·e peut réserver un même rendez-vous selon un motif (un type de jour ou un jour de la
semaine, sur une période) pour un·e ou plusieurs élèves, avec une seule note. La série est affichée,
modifiée et annulée d’un seul coup. Chaque date respecte le paramètre **appointment_limit** et le dit quand
elle ne peut pas être réservée.

## Qui peut s’inscrire

Un·e enseignant·e peut ouvrir un sujet à certain·es élèves seulement : sous **Qui peut s’inscrire**, choisir
tout le monde, ou des niveaux, des regroupements ou des groupes-classes (l’un ou l’autre suffit pour
admettre un·e élève). **Places** limite le nombre de places du sujet sous la capacité de l’enseignant·e.
Un·e élève hors du sujet voit l’enseignant·e en gris, marqué·e *Non offert pour toi*, avec la raison, par
exemple *Reprise de Chimie 12 est seulement pour CHEM12-01 et CHEM12-02.*, et ne peut pas la ou le choisir.

Voir aussi [Planifier ton bloc Focus](post:student-planning).
`,
};
