import "server-only";
/**
 * Help for teachers: what the screens do, in the words on them. Links to other posts are written
 * `(post:slug)` and turned into `/wiki/post/{id}` when the posts are shipped (see content.ts).
 */

export const WELCOME = {
  slug: "welcome",
  title: "Welcome to the Wiki",
  body: `This wiki is Flexblock's help: short how-tos written for the people who use it every day. Open it any
time from **Help → Flexblock Wiki**: the Help button is the question mark in the side rail, or in the top bar
on a phone.
Teachers and administrators can read every post. Students read the groups meant for them under
**Help** on their own page; administrators choose which groups those are.

## Find your way around

| Where | What it is for |
| --- | --- |
| **Check-in** | Check students in to today's Focus Block by scanning or typing student numbers, or from your Scheduled list |
| **Staff** and **Students** | Searchable lists; each name opens a profile with that person's week |
| **Clusters** (a button on **Students**) | Named groups of students, such as a club or an advisory; administrators create them and change who is in them |
| **Search** (side rail) | Students, staff, courses, clusters and these wiki posts, as you type |
| **Starred** (side rail) | The students, staff, courses and clusters you star, one click away |
| **Notifications** (side rail) | Messages between staff, with Inbox, Archived (**Unarchive** puts a message back) and Sent |
| **Unscheduled** (from **Check-in**) | The students without a teacher for a date; administrators can **Place with default teachers now** or **Open in the Power Scheduler** |
| **Reports** | Focus Block attendance: who came, who missed, and who was excused |
| **Settings** | Your school's settings, such as the appointment limit and Air Check-in; administrators change them |
| **Power Scheduler** and **Credentials Manager** | Bulk scheduling and account tools for administrators |

## Start here

- New to Flexblock? Read [What the calendar colours mean](post:calendar-colours), then
  [Checking students in with a scanner](post:check-in).
- Booking a student to come and see you: [Booking appointments and amendments](post:appointments).
- Prefer the keyboard? [Keyboard shortcuts](post:keyboard).
- Explaining Focus Blocks to a class: [Planning your Focus Block (for students)](post:student-planning).

## Your own profile

Open **Account → Profile** to see your week. **Set Capacity** says how many students may plan to come to
you in one Focus Block. **Topics** are what you offer: create them once, then open a Focus Block on your
calendar and choose **Set Topic**. A topic with **Unavailable** switched on tells students you cannot take
them that day: nobody can plan into your block while it is set.

## Something wrong or missing?

Use **Help → Provide Feedback**. Leave *You may reply to me* ticked if you would like an answer. Something
hard to use with a keyboard, screen reader or magnifier? **Help → Accessibility** says how to report it.
`,
};

export const CALENDAR_COLOURS = {
  slug: "calendar-colours",
  title: "What the calendar colours mean",
  body: `Every profile shows a week of blocks as tiles: the block's name at the top, a title, a line of detail and
the times. Each tile has a coloured stripe down its left edge. Colour is never the only signal: the tiles
that mean something also carry a word with an icon, such as *Attended* or *Missed*, and a screen reader
reads it out.

## Today

Today's column heading is highlighted in indigo, with the date in an indigo circle. **Today** above the
calendar brings you back to this week; the arrows move a week at a time and the date picker jumps to any
date in the school year.

## On a student's calendar

| Tile | Word on it | What it means |
| --- | --- | --- |
| White, grey stripe | — | The block has not ended yet (it is *pending*). Plans can still change. |
| Pale green, green stripe | Attended | The student was checked in for this block. |
| Pale red, red stripe | Missed | A Focus Block that has ended with no check-in for the student. |
| Grey, dashed border | Amended | Someone amended the block: the student was excused, so it is neither attended nor missed. The title reads *Block Amended*. |
| Very light grey | — | A class (not a Focus Block) that has ended. Attendance is only taken in Focus Blocks, so past classes are never shown as missed. |

In a Focus Block the title is the teacher the student planned to see (or who checked them in), with the
topic underneath. *No Schedule* means the student has not chosen anyone yet.

On a phone, the week is a strip of day tabs. On a student's calendar, an amber dot under a day means a
Focus Block that day is *still to choose*: it has no teacher, appointment or amendment yet.

## On a teacher's calendar

| Tile | What it means |
| --- | --- |
| Tinted in a topic's colour, with a stripe of that colour | A Focus Block where you have set that topic. The title is the topic. |
| White, titled *No Schedule* | A Focus Block with no topic set yet. |
| White, with a course name | A class you teach in that block. |
| Pale red, *Missed* | A block that has ended in which a student you booked an appointment with was not checked in by you. |

The line under the title says *Unavailable* when your topic for that day is marked unavailable, or how
many students have planned to come (for example *12 planned*).

## The number in the corner

The indigo circle counts the appointments in that block. It shows at most **9+**.

## Inside a block

Click or tap a tile (or focus it and press Enter) to see its appointments, attendance, amendments and,
in Focus Blocks, the plan. In a student's block, a line at the top says in one sentence why the student
is there, for example *Ms. Okafor booked the student: chemistry retake* or *Placed with their homeroom
teacher, Mr. Reyes, at the 08:00 cutoff.* Each appointment and plan is marked:

- **Pending** (clock): the block has not ended.
- **Attended** (green tick): a matching check-in exists.
- **Missed** (red cross): the block ended without one.

A teacher in the plan list shows seats as *remaining of capacity* (for example *3 seats left of 30*). At 0 remaining,
or when the teacher's topic is unavailable, the row cannot be chosen and says *Full* or *Unavailable*.
`,
};

export const CHECK_IN = {
  slug: "check-in",
  title: "Checking students in with a scanner",
  body: `**Check-in** records who came to the day's Focus Block. Any teacher or administrator can check students
in. Open it from the side menu; the page opens on today and the **Student numbers** box is ready for the
first scan.

## Setting up a scanner

Any USB or Bluetooth barcode scanner that works as a keyboard will do: it types the number on the card and
presses Enter. There is nothing to set up in Flexblock. Test it by scanning into the box: a chip with the
student number should appear.

## Scanning a line of students

1. Scan each card. Every scan becomes a chip under the box. A number that is already waiting is not added
   twice.
2. Keep going: the box stays ready while earlier numbers are being sent, so the line never has to wait.
3. When everyone is scanned, press **Check In** (or **Ctrl + Enter**, **⌘ + Enter** on a Mac).

The message says how it went: *Checked in 24 students*, or *Checked in 24 students, but 2 entries could
not be resolved*, with a **Show Errors** button.

Waiting numbers are kept on this computer until the server confirms them, so a reload or a dropped
connection loses nothing. Leaving the page with numbers still waiting asks *All unsubmitted student numbers
will be lost. Are you sure you want to exit?*

## Typing or pasting numbers

- Type a number and press **Enter**, **comma** or **space** to turn it into a chip.
- Paste a list (a column copied from a spreadsheet, or numbers separated by commas) to add them all at once.
- Up to 2,000 numbers can be checked in at a time.

Each chip has a **×** to remove it. Above the box: **Copy to clipboard**, **Download as CSV** (columns
*Student Number* and *Timestamp*) and **Remove all** (with **Undo**).

## Numbers that were not found

A mistyped number, or one that belongs to no student, is not checked in. It goes to **Check-in Errors**
(the button at the top of the page), which keeps the list on this computer with the time of each attempt.
Look the student up with **Search**, then scan or type the right number. **Clear All** empties the list, and
**Undo** brings it back.

## Without a scanner: the Scheduled list

**Scheduled** lists the students who planned to come to you and are not checked in yet. Tick the ones who
are here (or **Select all**) and press **Check in**. **Checked In** shows the students you have checked in
that day, with the time and an icon for how: hover over it or focus it to read *Via manual check-in*,
*Via roll call*, *Via Air Check-in*, *Via kiosk*, *Retroactive check-in* or *Proactive check-in*. A student
someone else checked in is listed too, marked, and counted apart: *8 here · 22 elsewhere*.

## Without a scanner: students check themselves in

**Show code** (at the top of the page) opens **Air Check-in**: a code and a QR code that fill the screen,
with a new code every 30 seconds. Put it on the projector. Students open Flexblock on their own device and
type the code under **Check in with a code**, or scan the QR code; they appear in your **Checked In** list
as they do. Codes work from a few minutes before your Focus Block starts until it ends (the minutes are
under **Settings → Air Check-in**). **Close** puts the code away.

A kiosk by your door (set up by an administrator under **Kiosks**) shows the first name and last initial
only of students who planned to come to you or have an appointment with you; anyone else reads
*You're checked in*. If numbers come in faster than a line of students can enter them, the kiosk slows
down and you get a message, in your notifications and at the top of this page: check your **Checked In**
list for students who are not in the room, then press **Dismiss**.

## Another day

The arrows beside the date jump to the previous or next day that has a Focus Block; **Today** comes back,
and the date picker goes anywhere. On a day that is not today, **Check In** first asks whether to check
the students in for that day. A check-in for a past day is recorded as *Retroactive check-in*, one for a
future day as *Proactive check-in*, each with the moment it was really made; the list says *Retroactive*
or *Proactive* where the time would be. A student who is already checked in for the block is never
recorded twice.

On a day without a Focus Block (a weekend or a Pro-D day) the page says *There is no Focus Block today.* or
*No Focus Block on this date.*, with buttons to go to the nearest days that have one. **Check In** waits;
numbers you enter are kept until you pick a day that has one. While no day has a Focus Block yet (a new
school), the page says so and links the bell schedule, where an administrator adds one.

## Printing tomorrow's list

For a supply teacher or a fire drill: press the arrow to the next day, then **Print list** beside
**Scheduled**. The list shows the students planned with you and those with an appointment with you, why,
and a column to tick; **Print** sends it to your printer (each sheet carries the school's name, the date and
its page number). The same list opens from a Focus Block on your week. A section's class list (**Print** on
the section, on its course page) and a student's week (**Print week** on their profile) print the same way.
`,
};

export const APPOINTMENTS = {
  slug: "appointments",
  title: "Booking appointments and amendments",
  body: `An **appointment** asks a student to come to you in a particular block: for a test, extra help or a
conversation. An **amendment** excuses a student from a block (a field trip, an illness) so it counts as
neither attended nor missed. Both are made from the student's calendar.

## Booking an appointment

1. Find the student: **Search** in the side rail, or the **Students** list.
2. On their profile, go to the week you want and click the block.
3. Under **Appointments**, choose **New appointment**. This only appears while the block has not ended.
4. Write what it is for in **Appointment memo** (up to 150 characters). The student sees it.
5. To make sure the student comes to you instead of the teacher they chose, tick **Clear the student's plan
   for this block**.
6. Press **Book appointment**. The block's badge counts the new appointment.

The appointment is with you. Once a student has an appointment in a Focus Block, they can no longer choose
a teacher for it themselves: they read *Mr. Reyes has booked you for a test retake — ask him to change it.*
Tick **Let the student still choose (unlocked)** to make it a request instead: the student sees *Mr. Reyes
asked you to come … You may still choose.*, and if they choose another teacher your request is cancelled and
you are told. Your school may limit how many appointments a student can have in one block
(the *appointment limit* in Settings); past the limit Flexblock says *The maximum number of appointments has
been reached.*

After the block, the appointment shows **Attended** when you checked the student in, and **Missed** when you
did not; missed appointments also turn the block red on your own calendar.

## Recurring requests

To see a student every Tuesday (or every Day 2 of a rotation) for a term, set **Repeat** in the appointment
form to **Every Tuesday** (or **Every Day 2**) and choose **Until**, then **Book recurring request**. Each
date is booked from the school calendar, so holidays are left out; a date that cannot be booked (the
appointment limit, attendance already taken) is listed with its reason. The student gets one message for
the whole series. Your series are listed under **Recurring requests** (the link in your own block's
**Appointments**, or */calendar/recurring-requests*): **Edit** changes the memo, the lock or the end date
(an earlier end cancels the later appointments, a later one books the new dates), and **Cancel series**
cancels every appointment still ahead as one; past ones stay.

## Messaging your students

In a Focus Block of your own calendar, **Message students** sends a note (up to 1000 characters) to everyone
planned or booked with you for that block, and, if you tick it, the students on your waitlist. They get it in
Flexblock and by email and push as each of them chose.

## Cancelling an appointment

Open the block and use **Cancel appointment** beside it, then confirm. You can cancel your own
appointments; administrators can cancel anyone's. Only appointments in blocks that have not ended can be
cancelled.

## Amending a block

1. Open the student's block (past blocks too).
2. Under **Attendance**, choose **Amend**. It is offered only while the student has no attendance logged
   for that block: a student who was checked in cannot be excused afterwards.
3. Give the **Reason for the amendment**, for example *Excused: field trip*. It cannot be empty.
4. Press **Amend**. The message is *Amended schedule.* and the tile turns grey and dashed: *Block Amended*.

## Many students at once

Administrators can book or amend a whole group, grade or cluster over several dates with the
[Power Scheduler](post:power-scheduler).
`,
};

export const KEYBOARD = {
  slug: "keyboard",
  title: "Keyboard shortcuts",
  body: `Everything in Flexblock works from the keyboard. These are the keys worth knowing.

## Everywhere

| Keys | What they do |
| --- | --- |
| \`Tab\` / \`Shift + Tab\` | Move to the next or previous control. The focused control has a visible ring. |
| \`Tab\` on a new page | Shows **Skip to content**; press \`Enter\` to jump past the side menu. |
| \`Enter\` or \`Space\` | Press the focused button or open the focused tile. |
| \`Esc\` | Close a dialog, menu or side panel. Focus goes back to the control that opened it. |
| \`↑\` \`↓\` in a menu | Move through Help, Account and action menus; \`Enter\` chooses. |
| \`Alt + T\` | Move to the messages at the bottom of the screen (snackbars), for example to reach an **Undo**; \`Tab\` moves through their buttons. They stay open until you press \`Esc\`. |

## Check-in

| Keys | What they do |
| --- | --- |
| \`Enter\`, \`,\` or \`Space\` | Turn what you typed into a chip (a scanner presses \`Enter\` for you). |
| \`Ctrl + Enter\` (\`⌘ + Enter\` on a Mac) | Check in every waiting number. |
| \`Ctrl + V\` | Paste a list of numbers; it is split into chips. |

After every action the cursor goes back to the **Student numbers** box, so a scanner can keep going
without anyone touching the mouse. See [Checking students in with a scanner](post:check-in).

## Calendars

| Keys | What they do |
| --- | --- |
| \`←\` \`→\` | On a wide screen, move to the same block on the previous or next day. |
| \`↑\` \`↓\` | On a wide screen, move between the blocks of one day. |
| \`←\` \`→\`, \`Home\`, \`End\` on the day tabs | On a phone, switch to the previous, next, first or last day; \`Tab\` then moves into that day's blocks. |
| \`Enter\` | Open the focused block. \`Esc\` closes it and puts you back on the same block. |

## Tables

The **Staff**, **Students** and other tables have a search box, column headers that sort when pressed, and
**Next page** / **Previous page** buttons. On a focused row's name link, \`Enter\` opens the profile.

## Forms

\`Enter\` in a one-line field submits the form (signing in, renaming). In the wiki editor, \`Tab\` moves to the
next field, so use spaces to indent markdown.
`,
};
