/** The two markdown posts the demo wiki ships with. */

export const WELCOME_POST = {
  title: "Welcome to the Wiki",
  body: `# Welcome to the Flexblock Wiki

This wiki is where you will find help for Flexblock: how-tos, answers to common questions and
notes on what changed in each release.

## Finding the wiki

You can come back here at any time from the **Help** menu in the top bar: open **Help** and choose
**Wiki**. Staff and administrators can read every post; students do not see the wiki.

## Where to start

- **Focus Blocks.** Students plan where they will be for each Focus Block from their weekly
  schedule. Teachers post a topic for each Focus Block so students know what is on offer.
- **Check-in.** Open **Check-in** during the block, then type or scan student numbers. Anything that
  could not be checked in is listed under *Errors* so you can fix it before you close the page.
- **Appointments and amendments.** Book a student into your Focus Block with an appointment, or
  excuse them from a block with an amendment. The Power Scheduler does either for many students at once.
- **Topics.** Mark a topic as *unavailable* to stop students from planning into your block that day.

## Getting help

Use **Help → Provide Feedback** to tell us what is not working or what you would like to see next.
`,
};

export const CHANGE_LOG_POST = {
  title: "Flexblock 1.2 release notes",
  body: `# Change Log

## 1.2.9
- Refresh buttons on the schedule, check-in and student pages reload the data without reloading the page.
- Faster weekly schedules for large schools.

## 1.2.8
- Students can no longer plan their own Focus Block once a teacher has booked them an appointment
  for it; staff can clear the student's plan when booking.
- Teachers can mark a topic as **unavailable**; students cannot plan into that block while it is scheduled.

## 1.2.7
- **Classroom capacity.** Each teacher has a capacity (30 by default). Students cannot plan into a
  Focus Block that is full, even when two of them try at the same moment.
- Duplicate check-ins for the same student and block are refused.

## 1.2.6
- **Appointment limit.** A new *appointment_limit* setting caps how many appointments a student can
  have in one block on one date (0 for no limit).
- Backdated and advance check-ins keep the moment they were captured and show as *retroactive* or *proactive*.

## 1.2.5
- **Credentials manager** for administrators: reset passwords, expire passwords, and disable or
  re-enable accounts for many users at once.

## 1.2.4
- **Check-in errors list.** Student numbers that could not be checked in stay on screen with the reason.

## 1.2.3
- **Forced password change.** New accounts and reset passwords must be changed at the first sign-in.
  Cancelling the change signs you out.
- Signing out ends the session on the server.

## 1.2.2
- **Remembered users.** The sign-in screen remembers the accounts used on this device, so you can
  pick yours instead of typing it.

## 1.2.1
- Global amendments: cancel the Focus Block for every student on a date.
- Bug fixes and speed improvements.

## 1.2.0
- Topics, the Power Scheduler and notifications between staff.
`,
};
