/** Answer shapes of the placement API, for screens (lib/placement/service.server.ts builds them). */
export interface PlacementToDo {
  /** Upcoming (pending) Focus Blocks without a teacher, soonest first. */
  open: {
    date: string;
    block_id: number;
    cutoff_at: string | null;
    /** Until when the student may choose (the choice deadline, lib/choice/deadlines.ts). */
    choose_until: string | null;
  }[];
  /** Placement on and the next open block's cutoff still ahead: the banner's "not chosen yet". */
  next_cutoff_at: string | null;
}

export interface UnscheduledStudent {
  id: number;
  first_name: string;
  last_name: string;
  grade: number;
  /** Null where the viewer may not see it (administrators always; other staff while show-student-numbers is on). */
  student_number: string | null;
  default_teacher: { id: number; name: string } | null;
}

export interface PlacementRunView {
  placed: number;
  skipped: number;
  cutoff_at: string;
  ran_at: string;
}

/** GET /api/placement/unscheduled */
export interface UnscheduledResponse {
  date: string;
  /** The date's cutoff (null: placement is off or no Focus Block meets that day). */
  cutoff_at: string | null;
  placed_run: PlacementRunView | null;
  students: UnscheduledStudent[];
}
