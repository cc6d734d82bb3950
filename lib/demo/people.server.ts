import "server-only";
import type { Db } from "@/db/client";
import { staff, students, sysadmins, users } from "@/db/schema";
import { PALETTE } from "@/lib/people/colors";
import { initialsOf } from "@/lib/people/names";
import { insertReturning } from "./insert.server";
import type { Random } from "./random.server";
import {
  FEMININE_NAMES,
  FEMININE_TITLES,
  FIRST_NAMES,
  LAST_NAMES,
  MASCULINE_NAMES,
  MASCULINE_TITLES,
} from "./words.server";

export const DEMO_DOMAIN = "demo.school";
export const SYSADMIN_EMAIL = `sysadmin@${DEMO_DOMAIN}`;
export const ADMIN_EMAIL = `admin@${DEMO_DOMAIN}`;
export const TEACHER_EMAIL = `teacher@${DEMO_DOMAIN}`;
export const NEW_TEACHER_EMAIL = `new@${DEMO_DOMAIN}`;
export const DEMO_STUDENT_NUMBER = "100001";

interface StaffSpec {
  title: string;
  first_name: string;
  last_name: string;
  email: string;
  administrator: boolean;
  expired?: boolean;
}

/** The staff accounts the README names; every other teacher is generated around them. */
const NAMED_STAFF: StaffSpec[] = [
  { title: "Ms.", first_name: "Amara", last_name: "Okafor", email: ADMIN_EMAIL, administrator: true },
  { title: "Mr.", first_name: "Daniel", last_name: "Reyes", email: TEACHER_EMAIL, administrator: false },
  {
    title: "Ms.",
    first_name: "Ingrid",
    last_name: "Solberg",
    email: NEW_TEACHER_EMAIL,
    administrator: false,
    expired: true,
  },
];

const NAMED_STUDENT = { first_name: "Maya", last_name: "Castellano", grade: 11 };

export interface SeededStaff {
  id: number;
  user_id: number;
  email: string;
  administrator: boolean;
  capacity: number;
  initials: string;
  color: string;
}

export interface SeededStudent {
  id: number;
  user_id: number;
  student_number: string;
  grade: number;
}

export interface SeededPeople {
  sysadminUserId: number;
  /** Named staff first (admin@, teacher@, new@), then the generated teachers. */
  staff: SeededStaff[];
  admin: SeededStaff;
  teacher: SeededStaff;
  /** Student 100001 first, then 100002 upward. */
  students: SeededStudent[];
  student: SeededStudent;
}

export interface PeopleOptions {
  students: number;
  extraTeachers: number;
  passwordHash: string;
  now: Date;
}

function generatedStaff(random: Random, count: number): StaffSpec[] {
  const admins = new Set(random.sample([...Array(count).keys()], Math.round(count * 0.15)));
  const taken = new Set(NAMED_STAFF.map((s) => s.email));
  return Array.from({ length: count }, (_, i) => {
    const feminine = random.chance(0.55);
    const first_name = random.pick<string>(feminine ? FEMININE_NAMES : MASCULINE_NAMES);
    const title = random.chance(0.1)
      ? "Dr."
      : random.pick<string>(feminine ? FEMININE_TITLES : MASCULINE_TITLES);
    const last_name = random.pick(LAST_NAMES);
    const local = `${first_name}.${last_name}`.toLowerCase().replace(/[^a-z.]/g, "");
    let email = `${local}@${DEMO_DOMAIN}`;
    for (let n = 2; taken.has(email); n += 1) email = `${local}${n}@${DEMO_DOMAIN}`;
    taken.add(email);
    return { title, first_name, last_name, email, administrator: admins.has(i) };
  });
}

/** Creates the sysadmin, the staff and the students, with their login rows, a few statements per table. */
export async function seedPeople(db: Db, random: Random, options: PeopleOptions): Promise<SeededPeople> {
  const staffSpecs = [...NAMED_STAFF, ...generatedStaff(random, options.extraTeachers)];
  const studentSpecs = Array.from({ length: Math.max(1, options.students) }, (_, i) =>
    i === 0
      ? { ...NAMED_STUDENT, student_number: DEMO_STUDENT_NUMBER }
      : {
          first_name: random.pick(FIRST_NAMES),
          last_name: random.pick(LAST_NAMES),
          grade: random.between(8, 12),
          student_number: String(100001 + i),
        },
  );
  const login = (username: string, account_type: "staff" | "student" | "sysadmin", expired = false) => ({
    username,
    account_type,
    password_hash: options.passwordHash,
    password_expired: expired,
    password_changed_at: expired ? null : options.now,
  });
  const userRows = [
    login(SYSADMIN_EMAIL, "sysadmin"),
    ...staffSpecs.map((s) => login(s.email, "staff", s.expired)),
    ...studentSpecs.map((s) => login(s.student_number, "student")),
  ];
  const userIds = new Map(
    (
      await insertReturning(userRows, (chunk) =>
        db.insert(users).values(chunk).returning({ id: users.id, username: users.username }),
      )
    ).map((row) => [row.username, row.id]),
  );
  const sysadminUserId = userIds.get(SYSADMIN_EMAIL)!;
  await db.insert(sysadmins).values({
    user_id: sysadminUserId,
    name: "System Administrator",
    email: SYSADMIN_EMAIL,
    initials: "SA",
    color: "black",
  });

  const staffRows = staffSpecs.map(({ expired: _expired, ...spec }) => ({
    ...spec,
    user_id: userIds.get(spec.email)!,
    initials: initialsOf(spec.first_name, spec.last_name),
    color: random.pick(PALETTE),
    capacity: 30,
  }));
  const staffInserted = await insertReturning(staffRows, (chunk) =>
    db.insert(staff).values(chunk).returning({
      id: staff.id,
      user_id: staff.user_id,
      email: staff.email,
      administrator: staff.administrator,
      capacity: staff.capacity,
      initials: staff.initials,
      color: staff.color,
    }),
  );
  const byEmail = new Map(staffInserted.map((row) => [row.email, row]));
  const seededStaff = staffSpecs.map((spec) => byEmail.get(spec.email)!);

  const studentRows = studentSpecs.map((spec) => ({
    ...spec,
    user_id: userIds.get(spec.student_number)!,
    initials: initialsOf(spec.first_name, spec.last_name),
    color: random.pick(PALETTE),
  }));
  const studentInserted = await insertReturning(studentRows, (chunk) =>
    db.insert(students).values(chunk).returning({
      id: students.id,
      user_id: students.user_id,
      student_number: students.student_number,
      grade: students.grade,
    }),
  );
  const byNumber = new Map(studentInserted.map((row) => [row.student_number, row]));
  const seededStudents = studentSpecs.map((spec) => byNumber.get(spec.student_number)!);

  return {
    sysadminUserId,
    staff: seededStaff,
    admin: byEmail.get(ADMIN_EMAIL)!,
    teacher: byEmail.get(TEACHER_EMAIL)!,
    students: seededStudents,
    student: seededStudents[0]!,
  };
}
