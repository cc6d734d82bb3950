/* eslint-disable max-lines -- the administrators' help posts: prose, not logic */
import "server-only";
import { SETUP_HELP } from "./setup-steps";
/**
 * Help for administrators and the post for students. Links to other posts are written `(post:slug)`
 * (see content.ts).
 */

export const IMPORT_CSV = {
  slug: "import-csv",
  title: "Importing students from CSV",
  body: `At the start of a year, or when the roster changes, administrators add students in bulk from CSV files
exported from the student information system or a spreadsheet. Re-importing the same file is safe:
students who already exist are reported, never created twice.

## 1. Prepare the file

One row per student with four columns, in any order, and optional ones. Any other column (an export
from your student information system has many) is set to **Ignore** in the wizard: no need to reshape
the file.

| Column | Rules | Example |
| --- | --- | --- |
| First name | required | Maya |
| Last name | required | Castellano |
| Grade | a whole number in the school's grade range: 8 to 12 unless an administrator changed the **grade_min** and **grade_max** settings (0 is kindergarten, -1 pre-K) | 11 |
| Student number | digits only, unique in the school; leading zeros are kept | 004127 |
| Default teacher email (optional) | a staff member's email, or blank for none | teacher@demo.school |
| Homeroom (optional, instead of the default teacher email) | the homeroom's code (*HR-204*, from the SIS or the staff CSV's homeroom_code), or its teacher's email or name (*Ada Lovelace*, *Lovelace, Ada* or *Mx. Lovelace*), or blank for none | HR-204 |
| Email (optional) | the student's own email, unique in the school | maya.c@demo.school |
| Preferred first name (optional) | the name the student goes by; blank for none | Mia |
| Guardian email (optional) | a family contact's address: they get the weekly Focus Block summary when the school sends one (no account, no sign-in) | r.castellano@example.com |
| Guardian name (optional) | that contact's name | Rosa Castellano |
| Guardian language (optional) | the language of their emails, as a tag; English for now | es |

- A first row holding the column names (for example
  \`first_name,last_name,grade,student_number,default_teacher_email\`; the optional ones are
  \`homeroom\`, \`email\`, \`preferred_first_name\`, \`guardian_email\`, \`guardian_name\` and
  \`guardian_language\`) is recognised and skipped. Without one, every
  row is read as a student.
- The **default teacher** is the student's homeroom teacher: when your school uses default placement,
  students who have not chosen a teacher by the placement cutoff are placed with this teacher. A file
  without the column leaves default teachers as they are.
- Save as **CSV (UTF-8)**. Accents and names in any alphabet are kept as written.
- Up to **5 files** at once, each up to 2 MB and 10,000 rows. All files of one upload must have their
  columns in the same order.

## 2. Upload

1. Open **Students** and press **Add Student**, then the **File Upload** tab.
2. **Choose files**: press **Choose CSV files** and pick one to five files. If a file's columns differ
   from the first file's, the wizard names it so you can fix or remove it. Then **Next**.
3. **Order fields**: set each column's field to match the preview of the first rows (a fifth column can
   be **Default teacher email**), or **Ignore** for a column not to import. Tick **The first line names
   the columns** when it does (the wizard guesses): that line is skipped, and the next upload of a file
   with the same first line starts from the fields you chose this time. Tick the box **Update existing students …** only if students who
   already exist should get the names and grade in the file (and the default teacher, when the file has
   that column). Then **Next**.
4. **Upload**: *Nothing has been written yet.* Each file shows how many rows are **New**, **Would
   update**, **Unchanged** and **Errors**, with the row number and reason of every problem. Go **Back** to
   fix the file, or press **Upload** and confirm *Create student accounts* with your password.

The files are then processed in the background: *Your files have been uploaded. A notification will
arrive when the CSVs have been processed.* You can watch the rows being processed, or close the dialog.

## 3. Read the result

The notification reads like *Processed students.csv: 412 accounts created, 3 rows skipped (row 5:
duplicate student number 100123; row 9: grade 14 is not 8–12)*. It links to the import report, which lists
every row's outcome. Every import, with its outcome, is listed under **Imports**, the button beside
**Add Student**.

New students get a random first password, and must choose their own the first time they sign in. The
report offers **Download initial passwords** (a CSV to hand out) once: only to you, and only until it is
downloaded or for 24 hours. Keep it safe and delete it once the passwords are handed out.
A student who loses theirs later needs a [password reset](post:reset-password).

## When a row is skipped

| Reason in the report | Fix |
| --- | --- |
| *duplicate student number … (also on row 12)* | The number appears twice in the file. Check for a typo, or leave one row out. |
| *student number … is not a number of up to … digits* | Student numbers are digits only. |
| *grade … is not 8–12* | Correct the grade. |
| *first name is missing* | Fill in the first and last name. |
| *default teacher email … is not a staff member's* | Use the email the teacher signs in with, as listed under **Staff**, or leave the cell blank. |
| *homeroom … names more than one staff member: use their email* | Two staff members have that name: use the teacher's email instead. |
| *email … belongs to another student* | Each student's email is their own: check for a typo. |
| *default teacher email … is not a valid email address* | Check the address for a typo. |
| *has 5 columns, expected 4* | A name probably contains a comma: put it in double quotes, as spreadsheets do when they save CSV. |

A student number that already belongs to a student is not an error: the row counts as **Unchanged**, or
as **Would update** when you chose to update existing students.

Every cell is kept as plain text: a spreadsheet formula in a file (a cell starting with \`=\`, \`+\`, \`-\` or
\`@\`) is never run, and the initial-passwords file marks such cells so that a spreadsheet shows them as text.

## One student at a time

**Add Student** with the **Single** tab adds one student: first name, last name, initials (filled in from
the names until you change them), grade (8 by default), student number and **Default teacher** (*No
default teacher* unless you choose one). After you confirm *Create student accounts* with your password,
*Student created.* offers a **See Profile** link, and the new student's initial password is shown once,
with a copy button. A student number that is already taken shows *A student with this student number
already exists.*
`,
};

export const IMPORT_ONEROSTER = {
  slug: "import-oneroster",
  title: "Importing the roster from your SIS (OneRoster)",
  body: `Most student information systems (SIS) export the whole roster as a **OneRoster** CSV bundle: one
.zip holding the students, staff, courses, their sections (classes) and enrolments. Flexblock reads
OneRoster 1.1 and 1.2 bundles. Each record keeps the SIS's own id (its *sourcedId*), so the next
import of a newer export updates the same people and classes instead of adding them again, and
importing the same bundle twice changes nothing.

## 1. Check the bundle

1. Export the OneRoster CSV bundle from your SIS (a .zip file; leave it zipped).
2. Open **Imports** (from **Students** or **Staff**) and find the **OneRoster (SIS)** section.
3. Press **Choose a OneRoster .zip**, pick the file, and press **Check**. *Nothing has been written yet.*

## 2. Read what it would change

The check lists, under a line that counts them:

| List | What it means |
| --- | --- |
| **New** | students, staff, courses, sections and enrolments the school does not have yet |
| **Changed** | records the SIS changed, each field as *before → after* (a new grade, an email, the blocks a section meets in) |
| **Archived** | with a full export (bulk files): students the SIS no longer lists are archived and staff are locked out, never deleted, so their history stays; with a partial export (delta files): those the SIS marked to be deleted |
| **Dropped** | enrolments that end: missing from a full export, or marked to be deleted. The class list keeps them as history |

Each list shows a sample and says *and N more* for the rest.

Beside them the check shows what you should decide or know:

| List | What it means |
| --- | --- |
| **People the SIS calls administrators** | the SIS calls principals and office staff alike *administrators*, so the import makes them staff, who take no Focus Block students at first (aides too). It never makes anyone a Flexblock administrator: press **Make administrator** beside those who should be (after applying, on the import's report, for people who are new). A system administrator may turn on *The SIS's administrators are Flexblock administrators* in Settings → Sign-in instead; once the school takes the flag away from someone, no import gives it back |
| **Skipped to protect administrators and sysadmins** | rows that would change an administrator's or a system administrator's account (email and username, names, whether they can sign in, or locking them because a full export leaves them out): no import does that; a sysadmin makes such a change by hand if it is right |
| **Local values this import overwrites** | fields the SIS owns (legal names, grade, student number, email) whose values here differ: the SIS's replace them |
| **The school's values kept** | fields the school owns (a preferred first name, a homeroom teacher the school chose): the SIS sends other values, and the school's stay |
| **Terms** | each term of the bundle and the school's term it matches: by its SIS id, else by name and dates (a term the school made is adopted, never doubled), or *New: added* |

A field the bundle does not carry (a 1.1 export has no preferred first names) is left as it is.
**Homerooms**: a class the SIS marks as a homeroom (classType *homeroom*) is no section: its teacher
becomes the homeroom teacher of its students, whom default placement uses, and its code (for example
*HR-204*) the teacher's homeroom code, which a student CSV may use in its Homeroom column.

**Errors** (a missing column, columns in the wrong order, a line naming a class or person the bundle
does not have, the same id twice, a grade outside the school's grades) are listed with the file and
line. While there is one, **Apply** stays off: fix the export in the SIS and check again. A bundle
that breaks the format is refused whole; nothing is ever half imported.

## 3. Your choices

- **School**: a bundle from a district may hold several schools. Choose yours: only its people and
  classes are imported.
- **Periods**: a class's periods are matched to the timetable's blocks by name: *3* is *Block 3*
  (or a block called *3* or *Period 3*). A period that matches no block is listed as *Period “…”*
  with a choice of the class blocks (the Focus Block is not offered); choose one, or *No block (leave
  it out)*. Set up the bell schedule first (School calendar).
- **School year**: the check shows the bundle's school year. If the school's year is not set up yet (it
  has no terms), applying sets it to the bundle's. If it differs from the school's, the check shows both;
  tick **Also change the school year to …** to change it, or leave it unticked to keep the school's
  (everything else is applied either way). A year that would not hold the school's terms is not
  applied, and the check says why.

After changing a choice, press **Check again**: the lists then show what your choices do.

## 4. Apply

Press **Apply**. The import runs in the background; the section shows its progress, then the result:
how many records were **Created**, **Updated**, **Archived**, **Dropped** and left **Unchanged**, with a
link to the import's report. Every import, by hand or by a token, is in the **Imports** list with its
report. If
someone changed the school in the meantime so that the bundle no longer fits (for example, an
account took a student number), the import is refused, nothing is changed, and the problems are listed.

Students and staff created this way get a random password that they must change; hand out passwords
from the Credentials Manager (see [Resetting a student's password](post:reset-password)) or use single
sign-on. Students then see their classes in their week, in each block their section meets.

## Every night, without a person

**Connect your SIS** (on Imports, above the bundle): most SIS also serve OneRoster over the web (REST).
Paste the **Base URL**, the **Token URL**, the **Client ID** and the **Client secret** your SIS gives for
OneRoster, choose **OneRoster 1.1** or **1.2**, and press **Test connection**: it says whether the SIS
gave a token and which schools it found, step by step. A district SIS with several schools offers them
as a **School** to choose. Choose when to **Sync every night** (school time), or turn it off, and whether
to **Archive people the SIS no longer lists** (students and staff a full sync leaves out; courses,
sections and enrolments always follow the SIS), then press **Save**. The secret is stored encrypted and never
shown again: the field then says *Saved — leave blank to keep it*.

**Preview changes** reads the SIS and shows the same lists as a bundle's check, writing nothing. **Sync
now** imports it: its progress, its result and its report are shown as a bundle's are, and each sync is in
the Imports list. The panel shows the last sync (started, finished, changes, errors) and the next one.
**Remove connection** stops the nightly sync and deletes the stored secret; what was synced stays.

Or your IT person can send the SIS's export every night with an API token that has the **roster:write**
scope (Settings → API tokens); the README shows the command, which also waits for the import's
result and reports its errors. The token's imports belong to the administrator who made it.
`,
};

export const POWER_SCHEDULER = {
  slug: "power-scheduler",
  title: "Using the Power Scheduler",
  body: `The **Power Scheduler** (administrators only, in the side menu) books appointments or amendments for many
students at once: a grade-wide assembly, a class trip, a make-up test. It is a four-step form; **Back**
returns to the previous step at any time.

## Step 1: Select Students

- **All Students** means every student, including students added later who join those dates.
- **Some Students** opens a table (last name, first name, grade) with a search box. Tick students one by
  one (the box in the header ticks every student the search shows), or choose a **Grade** or a **Cluster**
  and press **Add grade** or **Add cluster** to tick a whole group at once. **Clear selection** starts
  over. If you end up ticking every student, a warning says *Every student is selected.* and reminds you
  that *All Students* would also cover students added later.

**Next** stays off until a group is chosen and, for *Some Students*, at least one student is ticked.

## Step 2: Select Date and Blocks

Pick the **Start date** (it starts on the first day from today on which a flex block meets). For more than
one day, set an **End date**: left as it is, it is the same day. With a range, **Weekdays** lists the days
the chosen blocks meet, all ticked: untick the days to leave out. Under **Flex blocks**, untick the blocks
you do not want. If none of them meets on the chosen days, the step says so at once (for example *Clubs
does not meet on Mon, Nov 23. Choose another date or block.*) and **Next** stays off. Every chosen flex
block on every matching date in the school year is scheduled; days without blocks (a Pro-D day) are
skipped.

## Step 3: Select scheduling type

- **Appointment**: the students are expected with one staff member. Their own plans for those blocks
  are cleared, as when a teacher books with *Clear the student's plan*.
- **Amendment**: the students are excused from those blocks. Use this for trips and events.

Then **A. Staff member**: choose exactly one from the table (last name, first name, email) and press
**Next**, and **B. Memo**: write the *Schedule change purpose*. Students see it on their calendar, so say
what it is for. **Submit** stays off until both are done.

Before anything is written, a preview tells you what will happen: how many appointments or amendments for
how many students on how many dates, and what happens to students who already have an appointment or
are already checked in then, naming the first few of them. A student who has reached the school's
appointment limit in a block is skipped there.

## Step 4: Done

The page says *The schedule change has been processed.*, with what was done: the same counts as the
preview. **Create Another** starts again from Step 1.

## Checking and undoing

Every run is kept as a batch, listed under **Batches** below the steps: when, who ran it, what, for which
staff member, the dates and blocks, and how many. **Undo** (confirm *Undo this batch?*) removes every
appointment or amendment the batch made and gives students back the plans it cleared. It is offered until
the batch's first block has ended; after that the list says *Blocks have started*.

To change one student rather than many, use their calendar instead: see
[Booking appointments and amendments](post:appointments).
`,
};

export const DASHBOARD = {
  slug: "dashboard",
  title: "Who is falling through: the Dashboard",
  body: `The **Dashboard** (in the side menu) answers the Monday-morning questions: who has not chosen all month,
who keeps missing, which teachers are always full and which always empty. Administrators see the whole
school; a teacher sees the same page for their own students and their own Focus Blocks.

## Filters

The dates start as the last four weeks. Narrow them with **Grade**, **Cluster** and **Homeroom**;
administrators can also pick a **Teacher** to see that teacher's page instead of **The whole school**.
**Missed N or more** and **Elsewhere N or more** set how many times count (3 unless you change them).
The filters are kept in the page's address: bookmark it, or send the link to a colleague, and it opens
with the same filters.

## What the page shows

- **Participation**: for each school day, how many students chose, were placed by default, had an
  appointment, and then were checked in or absent, as a chart. **Show the numbers** opens the table
  behind it.
- **Students to follow up**: **Never chose** (every block was placed for them), **Missed** N or more Focus
  Blocks, **Checked in elsewhere** than planned N or more times, and **Waitlisted, never placed**. Each
  name opens the student's page.
- **Not seen by their own teachers**: per teacher, the students in their classes who have not been to
  that teacher's Focus Block this term, so the teacher can request them. Open a teacher to see the list.
- **Teacher load**: seats planned against capacity over the dates, with teachers who were **Always full**
  or **Always empty** first. Office staff who take no students are left out.
- **Unmet**: requests and usual choices that could not be placed, with the reason (a full teacher, a
  locked appointment).

Every list has **Download CSV** (the filters on screen apply), and **Print** prints the whole page.
Student numbers appear only where the school's privacy setting shows them, on screen, in the files and on
paper.
`,
};

export const RESET_PASSWORD = {
  slug: "reset-password",
  title: "Resetting a student's password",
  body: `A student who forgot their password cannot reset it themselves. An administrator gives them a new,
temporary one from the **Credentials Manager** (side menu, administrators only).

## Reset the password

1. Open **Credentials Manager**. The **Users** table lists every account with its **Account status**
   (*Active* or *Disabled*), **Password status** (*Valid* or *Expired*) and **Account type**.
2. Search for the student by name or student number and tick their row. You can tick several, for
   example a whole class. Your own account and accounts you may not change cannot be ticked.
3. Choose **Reset Passwords** and confirm with **your own** password.
4. *Reset passwords successfully.* The **Temporary passwords** dialog shows each new password **once**.
   Use **Copy all** or **Download CSV** (handy for a class), and press **Done** only when you have them.

## Give it to the student

The student signs in with their **student number** and the temporary password. Flexblock then asks them
for a new password before they can do anything else (*Your old password has expired and must be
changed.*). The new password needs at least 8 characters, must differ from the temporary one, and must
not be their student number, a commonly used password or anything else too easy to guess. Suggest a
short sentence: it is easy to remember and hard to guess.

Resetting also signs the student out on every device, so an old session cannot be used.

A student who still knows their password can change it themselves at any time with **Change Password** on
their profile; staff find **Change Password** in their account menu. It signs them out everywhere else.

## The other actions

| Action | What it does | When to use it |
| --- | --- | --- |
| **Invalidate Passwords** | Marks the password expired and signs the account out; the user must choose a new one at the next sign-in, using their current one. | A password may have been seen by someone else. |
| **Disable Accounts** | Locks the account and signs it out at once. Signing in answers *Your account has been locked. Please contact your administrator.* | A student has left, or an account is being misused. |
| **Reenable Accounts** | Unlocks a disabled account. | The student is back. |
| **Reset Single Sign-On** | Only when your school signs in with school accounts (Google, Microsoft or another provider). Forgets the account's link to its school account and signs it out; the next sign-in with a school account links again, by email. | Sign-in says the account *is already linked to another* school account, for example after the student's school account was replaced. |

## Who can do what

Administrators can act on students and teachers. An administrator's or a system administrator's account
can only be changed by a system administrator, and nobody can use these actions on their own account, so
an administrator can never lock themselves out (for your own password, use **Change Password** in your
account menu).

If a student types the wrong password many times, sign-in pauses for a while by itself to stop guessing;
it is not the same as a disabled account and needs no action.
`,
};

export const STUDENT_PLANNING = {
  slug: "student-planning",
  title: "Planning your Focus Block (for students)",
  body: `The **Focus Block** is your time to get help, finish work or explore something new. Before each one, you
choose which teacher you will spend it with. That choice is your **plan**.

## Signing in

Sign in with your **student number** and your password. The first time, or after a teacher resets your
password, Flexblock asks you to choose a new one: at least 8 characters, not your student number and not
something easy to guess. Tick **Remember me** only on your own device.

## Choosing a teacher

1. Your week opens as soon as you sign in. Focus Blocks show *No Schedule* until you choose. At the top,
   a box counts your upcoming Focus Blocks without a teacher; its button names the first one (for example
   **Choose for Tuesday, Nov 24**) and opens its list of teachers. A Focus Block with an appointment shows
   the appointment's teacher instead. On a phone, an amber dot under a day tab means a Focus Block that day
   is still to choose.
2. Tap or click a Focus Block (on a phone, pick the day first).
3. Under **Plan**, choose from the list. Each teacher shows their topic, for example *Math help* or
   *Quiet study*, and how many seats are left, such as *4 seats left of 30*.
4. The message *Set Plan successfully.* means you are booked. The block now shows the teacher's name.

You can change your mind until choosing closes: open it again and pick someone else. The block says until
when, for example *You can choose until 08:00 on Tue, Dec 8.* (your school sets the time; without one, it is
when the block ends). Afterwards it says *Choosing closed at 08:00 on Tue, Dec 8.*

## Your usual choices

If you see the same teacher on the same day every time, add it once under **My usual choices** on your
page: **Every** (the day, such as *Day 2* or *Wednesday*), **With** (the teacher), **From** and **Until**
(empty: the end of the term), then **Add usual choice**. Your coming Focus Blocks of that day are planned
for you, and they say *Your usual on Day 2 with Ms. Ruiz.* A choice you make by hand for one day, or an
appointment, comes first. If the teacher is full you are put on their waitlist, and you are told. Days
without school are skipped. **Remove** takes the usual choice away, with the coming plans it made.

## If you do not choose

Your school may place students who have not chosen by a set time (the *cutoff*) with their homeroom
teacher. Before the cutoff, a message at the top of your page says so, for example *If you do not choose by
08:00, you will be placed with your homeroom teacher.* Afterwards the block says *Placed with your homeroom
teacher, Mr. Reyes, at the 08:00 cutoff.* Your school decides whether you can still change it then.

## When you cannot choose

- **Full**: the teacher has no seats left. Pick someone else.
- **Unavailable**: the teacher is not taking students that day.
- *Ms. Ruiz has booked you for a test retake — ask her to change it.* A teacher has booked you, locked.
  Go to them: the appointment and its note are listed in the block, with a lock. Only the teacher can
  change it.
- *Mr. Reyes asked you to come: lab catch-up. You may still choose.* A teacher's request, unlocked: you
  may still choose another teacher, and your choice cancels the request (the teacher is told).
- *Default placement has run for this Focus Block, so your teacher can no longer change.* You were placed
  with your homeroom teacher and your school does not allow changes after that.

## Reading your week

| Colour | Meaning |
| --- | --- |
| Pale green, *Attended* | You were checked in. |
| Pale red, *Missed* | The block ended and you were not checked in. Talk to your teacher if that is wrong. |
| Grey, dashed, *Block Amended* | You were excused, for example for a trip. |
| White | Still to come. |

A number in the corner of a block counts your appointments in it.

## Checking in

When you arrive, your teacher scans your student card or types your number. Have your card ready, and
make sure your number is on it.

Some teachers show a code on the screen instead. Type it under **Check in with a code** at the top of your
page (it is there while check-in is open) and press **Check in**, or scan the QR code with your phone's camera. The code changes every 30
seconds, so type the one you see now.

When you are done, press **Sign Out**, especially on a shared computer.
`,
};

/**
 * Setting up a school (for the IT person going live): one post per step of the setup checklist (/setup), in its order. The
 * slugs are the checklist's (lib/wiki/help/setup-steps.ts), which links each step to its post.
 */
const SETUP_INTRO = `This is a step of **Setup** (side menu, administrators only), the checklist of what a school needs
before its first Focus Block. Each step there says whether it is done, and what is missing.`;

export const SETUP_SCHOOL_IDENTITY = {
  slug: SETUP_HELP.school_identity.slug,
  title: "Setting up: the school's name and time zone",
  body: `${SETUP_INTRO}

Open **Settings** and, under *General settings*, give the school its name (it is shown on the sign-in
screen and above the side menu) and, if you like, its logo. Check the **time zone**: every date and time
in Flexblock is the school's own, in that zone: when a Focus Block starts, when a plan can still be changed,
the day a report counts. The first administrator chose it when the school was created; change it only if
that was wrong, before the first Focus Block.

The step is done once the school is no longer called *My School*.
`,
};

export const SETUP_YEAR_AND_TERMS = {
  slug: SETUP_HELP.year_and_terms.slug,
  title: "Setting up: the school year and its terms",
  body: `${SETUP_INTRO}

Open **School calendar** and its **School year** page.

- **First day of school** and **Last day of school**: only dates between them can be school days.
- **Attendance counts from**: the day the school starts using Flexblock. No student is ever counted absent
  before it, so a school going live in November does not report September and October as missed. A
  student added later is counted from the first Focus Block that starts after their account was made: one
  imported at 11:00 never missed that morning's Focus Block.
- **Terms**: the year's semesters or quarters, each with a name and its dates. The year at a glance counts
  the school days and Focus Blocks of each term.

The step is done when the year has school days and at least one term. The checklist then reads like
*Sep 8, 2026 to Jun 25, 2027: 185 school days, 2 terms.*
`,
};

export const SETUP_BELL_SCHEDULE = {
  slug: SETUP_HELP.bell_schedule.slug,
  title: "Setting up: the bell schedule",
  body: `${SETUP_INTRO}

Open **School calendar** and its **Bell schedule** page. A bell schedule is the school's cycle of days
and the blocks that meet on each of them, with their times.

- A **weekly** cycle: each weekday is its own day type (Monday, Tuesday, …).
- A **rotation**: named day types (*Day 1*, *Day 2*, or *A* and *B*) that advance one per school day.
  Days without school are skipped, so a holiday never puts the rotation out of step.
- **Takes effect from**: a new bell schedule (the second semester's) applies from that date on; what
  happened before it keeps its blocks and times.
- **First day type** (a rotation): *Go on with the cycle* keeps every day's day type, which is what new
  times or a new alternate bell schedule want. Choosing a day type starts the rotation again from that date
  (the second semester starts at Day 1).
- **Alternate bell schedules** (late start, assembly, exams) give chosen dates other times; set them on
  the dates in the school calendar. They never move the rotation.

Before a change that moves the day type of school days is saved, the page lists those dates: press
**Save and change them**, or **Cancel** to keep the calendar as it is. Teachers can read the bell schedule;
only administrators change it.

The step is done once a bell schedule gives at least one block its times. The next step, the Focus
Block, is part of the same page.
`,
};

export const SETUP_FOCUS_BLOCK = {
  slug: SETUP_HELP.focus_block.slug,
  title: "Setting up: the Focus Block",
  body: `${SETUP_INTRO}

The Focus Block is the flex block students plan and teachers check them in to. On the **Bell schedule**,
add a block named exactly **Focus Block**, mark it as a flex block, and give it its times on every day
type it meets. Only one flex block can be the check-in block on a day type.

The step is done when the Focus Block meets on at least one school day. Below the checklist, **What a
student and a teacher will see on the first day** shows the first school day with a Focus Block from
today, and that week's blocks: check the times there before anyone signs in.

Students choose a teacher for each Focus Block; see [Planning your Focus Block](post:student-planning).
`,
};

export const SETUP_DAYS_WITHOUT_SCHOOL = {
  slug: SETUP_HELP.days_without_school.slug,
  title: "Setting up: holidays and other days without school",
  body: `${SETUP_INTRO}

On a day without school no block meets: there is no Focus Block to plan, check in to or report, and a
rotation skips it. Open the **School calendar**, choose a date and add an event that means no school
(a holiday, a professional-development day), or press **Import calendar** to read the district's calendar
from an iCalendar (.ics) file or a CSV file (date, name, in session), and choose which of its events mean
no school. Events that do not close the school (picture day) can be added too; they are shown on the
calendars.

The step is done when at least one school day is closed on the calendar. Only days that would otherwise
be school days count: a two-week break imported from the district's calendar counts its 10 weekdays, not
its weekends.
`,
};

export const SETUP_STAFF = {
  slug: SETUP_HELP.staff.slug,
  title: "Setting up: staff, their capacity and who takes Focus Block students",
  body: `${SETUP_INTRO}

Open **Staff** and press **Add Staff**: one at a time with the **Single** tab, or many from a CSV file
with **File Upload** (columns email, last name, first name and title, in any order). More columns may
follow:

| Column | Values | Meaning |
| --- | --- | --- |
| takes_students | yes or no (true/false, 1/0) | Whether students can choose this person for a Focus Block. |
| capacity | 0 to 500 | How many students can choose them for one Focus Block (30 by default). |
| position, department | text | Their job title and department, shown in the staff list (the SIS's, with a OneRoster import). |
| homeroom_code | text, such as HR-204 | The homeroom they teach: a student CSV's Homeroom column may name it. |

A blank cell gives a new staff member the default and leaves an existing one as they are.

**Who takes Focus Block students.** Office staff, the principal and others who take no students should
not be offered to students. On a staff member's profile, an administrator turns **Takes Focus Block
students** off and sets the **Capacity**. For many at once, tick them in the **Staff** list and press
**Focus Block**. Someone who takes no students is not in the list students choose from, is never a
student's default teacher for default placement, and a plan with them is refused.

The step is done with at least two staff members, at least one of whom takes Focus Block students.
`,
};

export const SETUP_STUDENTS = {
  slug: SETUP_HELP.students.slug,
  title: "Setting up: students",
  body: `${SETUP_INTRO}

Open **Students** and press **Add Student**. For a whole school, import CSV files exported from the
student information system: see [Importing students from CSV](post:import-csv). Each new student gets a
first password to hand out, which they change at their first sign-in.

The step is done once the school has a student.
`,
};

export const SETUP_HOMEROOMS = {
  slug: SETUP_HELP.homerooms.slug,
  title: "Setting up: homerooms",
  body: `${SETUP_INTRO}

A student's homeroom teacher is their default teacher: default placement puts a student who did not
choose a teacher for a Focus Block with them. Students without one cannot be placed.

- **From the SIS**: a OneRoster bundle's homeroom classes (classType *homeroom*) give each student their
  homeroom teacher, and the teacher the homeroom's code. A homeroom teacher the school chose by hand
  stays.
- **From a CSV**: a student file's **Homeroom** column names the homeroom by its code (for example
  *HR-204*, given by the SIS or by the staff CSV's homeroom_code column), or the teacher by their email
  or name.
- **One at a time**: on the student's profile.

The step is done when every student has a homeroom teacher.
`,
};

export const SETUP_COURSES = {
  slug: SETUP_HELP.courses_and_enrolments.slug,
  title: "Setting up: courses and enrolments",
  body: `${SETUP_INTRO}

Courses say which students a teacher teaches, and in which block: teachers see their classes, and
appointments and reports can follow them. Add the courses with their blocks and teachers, and enrol
their students, under **Courses**.

Import the roster after the bell schedule: a OneRoster import matches each class's periods to the bell
schedule's blocks by label ("Block 3", "Period 3" or "3"), so a roster imported before the blocks exist
leaves its classes without meeting times. Import it again (or let the nightly sync run) once the bell
schedule is saved; the checklist says how many classes still have no meeting time.

The step is done when at least one course has students enrolled and every class meets in a block.
`,
};

export const SETUP_SIGN_IN = {
  slug: SETUP_HELP.sign_in.slug,
  title: "Setting up: how people sign in",
  body: `${SETUP_INTRO}

**Password sign-in** always works: staff sign in with their email, students with their student number.
New accounts get a first password that must be changed at the first sign-in. To hand out passwords
again, see [Resetting a student's password](post:reset-password).

**Single sign-on** lets people sign in with the school's Google or Microsoft account, or another OpenID
Connect provider. Your IT person turns it on in the server's environment (the README's *Going live*,
and \`.env.example\`), with \`NEXTAUTH_SECRET\`, \`NEXTAUTH_URL\` and one provider's variables: Google with
\`GOOGLE_CLIENT_ID\` and \`GOOGLE_CLIENT_SECRET\`; Microsoft Entra ID with
\`AZURE_AD_CLIENT_ID\`, \`AZURE_AD_CLIENT_SECRET\` and the school's own tenant in \`AZURE_AD_TENANT_ID\`; another
provider with \`OIDC_ISSUER\`, \`OIDC_CLIENT_ID\` and \`OIDC_CLIENT_SECRET\`. A person signs in that way only if
their email is the one their Flexblock account has.

The checklist names the methods this server offers.
`,
};

export const SETUP_EMAIL = {
  slug: SETUP_HELP.email.slug,
  title: "Setting up: email (optional)",
  body: `${SETUP_INTRO}

Without email, Flexblock tells people only inside the app: the messages on a student's page and in a
teacher's inbox, and push notifications on the devices where they turned them on. With email, it also
sends reminders to students who have not chosen, notices when someone changes a student's Focus Block
(and why), teachers' morning lists, forgotten-password links and families' weekly summaries.

Your IT person sets two variables in the server's environment (the README's *Email*, and
\`.env.example\`) and restarts it: \`SMTP_URL\`, the school's mail server (for example Google Workspace's
SMTP relay or Microsoft 365's, as \`smtp://user:password@host:587\`), and \`MAIL_FROM\`, the sender people
see, such as \`"Cedar Ridge Flexblock" <flexblock@cedarridge.example>\`.

Then press **Send a test message** on this step or on Settings → Email log: a message goes to your own
address at once and the screen says whether the mail server took it. The step is done once one has.
What is sent, and when, is under Settings → Notifications; the Email log shows every message.
`,
};

export const SETUP_POSTS = [
  SETUP_SCHOOL_IDENTITY,
  SETUP_YEAR_AND_TERMS,
  SETUP_BELL_SCHEDULE,
  SETUP_FOCUS_BLOCK,
  SETUP_DAYS_WITHOUT_SCHOOL,
  SETUP_STAFF,
  SETUP_STUDENTS,
  SETUP_HOMEROOMS,
  SETUP_COURSES,
  SETUP_SIGN_IN,
  SETUP_EMAIL,
];
