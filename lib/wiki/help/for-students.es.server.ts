import "server-only";
import { RUNGS, type Rung } from "@/lib/core/choice/ladder";

/**
 * The product's help for students in Spanish (neutral Latin American, tú): "Planning your Focus Block"
 * and "How your Focus Block is decided" (lib/wiki/help/admin-posts.server.ts STUDENT_PLANNING,
 * choosing-post.server.ts CHOOSING), shown on the Help screen of a reader in Spanish while the school's
 * copy is unedited (lib/wiki/help/translated.server.ts). Setting names stay as the settings screen
 * writes them.
 */

const RUNG_WORDS: Record<Rung, { label: string; says: string }> = {
  appointment: { label: "Cita", says: "Un docente reservó al estudiante; solo el personal puede cambiarlo." },
  amendment: { label: "Modificación", says: "El personal modificó (anuló o justificó) el bloque." },
  request: { label: "Solicitud de un docente", says: "Un docente pidió al estudiante, sin bloqueo: el estudiante todavía puede elegir." },
  standing: { label: "Elección habitual", says: "El docente habitual del estudiante para ese tipo de día o día de la semana." },
  chosen: { label: "La elección del estudiante", says: "El estudiante eligió al docente para esa fecha." },
  waitlist: { label: "Lista de espera", says: "Se liberó un lugar con un docente que el estudiante estaba esperando." },
  placed: { label: "Asignación predeterminada", says: "Nada más ocupaba el bloque al cierre de la elección: el docente predeterminado." },
};

/** The ladder as a Markdown table, top rung first, in the order the server keeps (RUNGS). */
function ladderTable(): string {
  const rows = RUNGS.map(
    (rung, i) => `| ${i + 1} | **${RUNG_WORDS[rung.rung].label}** | ${rung.locked ? "Bloqueado" : "Sin bloqueo"} | ${RUNG_WORDS[rung.rung].says} |`,
  );
  return ["| | Lo que ocupa el bloque | Para el estudiante | Significado |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

export const STUDENT_PLANNING_ES = {
  title: "Planear tu bloque Focus (para estudiantes)",
  body: `El **bloque Focus** es tu tiempo para recibir ayuda, terminar trabajos o explorar algo nuevo. Antes de
cada uno, eliges con qué docente lo vas a pasar. Esa elección es tu **plan**.

## Iniciar sesión

Inicia sesión con tu **número de estudiante** y tu contraseña. La primera vez, o después de que un docente
restablezca tu contraseña, Flexblock te pide que elijas una nueva: de al menos 8 caracteres, que no sea tu
número de estudiante ni algo fácil de adivinar. Marca **Recordarme** solo en tu propio dispositivo.

## Elegir un docente

1. Tu semana se abre en cuanto inicias sesión. Los bloques Focus muestran *Sin horario* hasta que eliges.
   Arriba, un recuadro cuenta tus próximos bloques Focus sin docente; su botón nombra el primero (por
   ejemplo **Elegir para el martes 24 de noviembre**) y abre su lista de docentes. Un bloque Focus con una
   cita muestra en su lugar al docente de la cita. En un teléfono, un punto ámbar debajo de la pestaña de un
   día indica que ese día todavía tienes un bloque Focus por elegir.
2. Toca o haz clic en un bloque Focus (en un teléfono, elige primero el día).
3. En **Plan**, elige de la lista. Cada docente muestra su tema, por ejemplo *Ayuda de matemáticas* o
   *Estudio en silencio*, y cuántos lugares quedan, como *4 lugares libres de 30*.
4. El mensaje *Plan guardado.* significa que tu lugar está reservado. El bloque ahora muestra el nombre del
   docente.

Puedes cambiar de opinión hasta que cierre la elección: ábrelo otra vez y elige a otra persona. El bloque
dice hasta cuándo, por ejemplo *Puedes elegir hasta el martes 8 de diciembre, 08:00.* (tu escuela fija la
hora; si no la fija, es cuando termina el bloque). Después, dice *La elección cerró el martes 8 de
diciembre, 08:00.*

## Tus elecciones habituales

Si ves al mismo docente el mismo día cada vez, agrégalo una sola vez en **Mis elecciones habituales** en tu
página: **Cada** (el día, como *Día 2* o *miércoles*), **Con** (el docente), **Desde** y **Hasta** (vacío:
el fin del periodo), y luego **Agregar elección habitual**. Tus próximos bloques Focus de ese día se
planean por ti y dicen que es tu elección habitual, por ejemplo *Tu elección habitual del Día 2 con
Ms. Ruiz.* Una elección que haces tú para un día, o una cita, va primero. Si el docente no tiene lugares,
quedas en su lista de espera y se te avisa. Los días sin clases se saltan. **Quitar** elimina la elección
habitual, junto con los próximos planes que creó.

## Si no eliges

Tu escuela puede asignar a los estudiantes que no hayan elegido antes de una hora fija (el *cierre*) con su
docente titular. Antes del cierre, un mensaje arriba en tu página lo dice, por ejemplo *Si no eliges antes
de las 08:00, se te asignará con tu docente titular.* Después, el bloque indica que se te asignó con tu
docente titular (por ejemplo Mr. Reyes) al cierre de las 08:00. Tu escuela decide si todavía puedes
cambiarlo después.

## Cuando no puedes elegir

- **Lleno**: el docente ya no tiene lugares. Elige a otra persona.
- **No disponible**: el docente no recibe estudiantes ese día.
- *Ms. Ruiz te reservó para repetir un examen: pídele que lo cambie.* Un docente te reservó, con bloqueo.
  Ve con esa persona: la cita y su nota aparecen en el bloque, con un candado. Solo el docente puede
  cambiarla.
- *Mr. Reyes te pidió que vinieras: reponer el laboratorio. Todavía puedes elegir.* Una solicitud de un
  docente, sin bloqueo: todavía puedes elegir a otro docente, y tu elección cancela la solicitud (se le
  avisa al docente).
- *La asignación predeterminada ya se hizo para este bloque Focus, así que ya no puedes cambiar de docente.*
  Se te asignó con tu docente titular y tu escuela no permite cambios después de eso.

## Leer tu semana

| Color | Significado |
| --- | --- |
| Verde claro, *Presente* | Se registró tu asistencia. |
| Rojo claro, *Ausente* | El bloque terminó y no se registró tu asistencia. Habla con tu docente si es un error. |
| Gris, con línea punteada, *Bloque modificado* | Se te justificó, por ejemplo por una salida escolar. |
| Blanco | Todavía no llega. |

Un número en la esquina de un bloque cuenta tus citas en él.

## Registrar tu asistencia

Cuando llegues, tu docente escanea tu credencial de estudiante o escribe tu número. Ten tu credencial a la
mano y asegúrate de que tu número esté en ella.

Algunos docentes muestran un código en la pantalla. Escríbelo en **Registra tu asistencia con un código**,
arriba en tu página (está ahí mientras el registro de asistencia está abierto), y presiona **Registrar**, o
escanea el código QR con la cámara de tu teléfono. El código cambia cada 30 segundos, así que escribe el que
ves ahora.

Cuando termines, presiona **Cerrar sesión**, sobre todo en una computadora compartida.
`,
};

export const CHOOSING_ES = {
  title: "Cómo se decide tu bloque Focus: elecciones, bloqueos, plazos y listas de espera",
  body: `Varias cosas pueden asignar a un estudiante a un lugar en un bloque Focus: una cita con un docente, una
modificación del personal, una elección habitual, la elección del propio estudiante, una lista de espera o
la asignación predeterminada. Cuando aplica más de una, decide la **escalera**. Estudiantes y personal leen
aquí las mismas reglas.

## La escalera

El escalón más alto ocupa el bloque. Cada bloque de una semana muestra su motivo y quién lo decidió.

${ladderTable()}

Tres reglas:

1. Un escalón más alto reemplaza a uno más bajo, y se le dice al estudiante qué reemplazó a qué.
2. Un escalón más bajo nunca reemplaza a uno más alto: se rechaza, o (una elección habitual, la asignación
   predeterminada) se salta y se guarda el motivo.
3. El estudiante puede reemplazar por su cuenta cualquier cosa suya que no esté bloqueada (su elección
   habitual para una fecha, un lugar en lista de espera, una asignación predeterminada, una solicitud sin
   bloqueo), nunca un escalón bloqueado.

## Bloqueos

Una cita está **bloqueada**, a menos que el docente la reserve sin bloqueo: entonces es una *solicitud de un
docente* y el estudiante todavía puede elegir a otra persona. Un bloque bloqueado muestra quién lo bloqueó y
por qué, por ejemplo *Ms. Ruiz te reservó para repetir un examen: pídele que lo cambie.* Solo el personal
puede cambiar un bloque bloqueado.

## Plazos

- **choice-deadline**: hasta cuándo los estudiantes pueden elegir docente para un bloque Focus. Una hora del
  día del bloque (\`08:00\`) o unas horas antes de que empiece (\`2h\`); vacío significa hasta que termine el
  bloque (un bloque en curso todavía se puede elegir). Después, el estudiante ve hasta cuándo podía elegir.
- **request-deadline**: hasta cuándo los docentes pueden reservar estudiantes para un bloque Focus
  (solicitudes y citas), con la misma forma; después, solo un administrador puede hacerlo.
- Un día del calendario escolar puede fijar sus propios plazos de elección y de solicitud, que entonces
  reemplazan ambos ajustes para ese día.
- La asignación predeterminada se hace después del plazo de elección, para los estudiantes a quienes nada
  más ocupa.

## Listas de espera

Cuando un docente no tiene lugares, un estudiante puede anotarse en su lista de espera para ese bloque Focus
(como máximo **waitlist-limit** listas de espera por bloque, 3 si la escuela no lo cambió). Cuando se libera
un lugar, el primer estudiante de la lista lo obtiene, en ese mismo momento, según el ajuste
**waitlist-mode**:

- \`auto\` (predeterminado): el estudiante queda asignado de inmediato y se le avisa.
- \`offer\`: el lugar se le guarda durante **waitlist-offer-minutes** (30) minutos y luego se le ofrece al
  siguiente.

Un estudiante asignado desde una lista de espera deja su otro plan para ese bloque, y la lista de espera de
ese docente avanza.

## Elecciones habituales

Un estudiante puede elegir un docente para cada bloque Focus de un tipo de día (*cada Día 2 con Ms. Ruiz*) o
de un día de la semana, desde una fecha hasta otra fecha o hasta el fin del periodo. Flexblock crea esos
planes con **standing-choice-days** (14) días de anticipación, a medida que abre cada periodo de elección,
con el motivo *tu elección habitual del Día 2*. Lo que está más arriba en la escalera gana; cuando el
docente no está disponible o no tiene lugares, el estudiante pasa a la lista de espera y luego a la
asignación predeterminada, y se le avisa. Se respetan los días festivos y los tipos de día cambiados.

## Solicitudes recurrentes

Un docente puede reservar una misma cita según un patrón (un tipo de día o un día de la semana, en un rango
de fechas) para uno o varios estudiantes, con una sola nota. La serie se muestra, se cambia y se cancela
como una sola. Cada fecha respeta el ajuste **appointment_limit** y lo indica cuando no se puede reservar.

## Quién puede unirse

Un docente puede abrir un tema solo a algunos estudiantes: en **Quién puede unirse**, elegir a todos, o
grados, grupos o secciones (cualquiera de ellos admite a un estudiante). **Lugares** limita los lugares del
tema por debajo de la capacidad del docente. Un estudiante fuera del tema ve al docente en gris, marcado
*No disponible para ti*, con el motivo, por ejemplo *Repaso de Química 12 es solo para CHEM12-01 y
CHEM12-02.*, y no puede elegirlo.

Consulta también [Planear tu bloque Focus](post:student-planning).
`,
};
