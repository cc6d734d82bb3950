/** Word lists the demo school is built from. Diverse, ordinary, and nobody real. */

/** First names, split so generated staff get a fitting title. */
export const FEMININE_NAMES = [
  "Aaliyah", "Adele", "Aiko", "Amelia", "Anika", "Ava", "Bianca", "Camila", "Chloe", "Elena",
  "Emma", "Fatima", "Grace", "Hana", "Harper", "Ines", "Isabella", "Jasmine", "Keira", "Layla",
  "Lucia", "Maya", "Mei", "Mia", "Naomi", "Nia", "Nora", "Priya", "Riya", "Ruby",
  "Sakura", "Sana", "Sofia", "Uma", "Yara", "Zara", "Zoe", "Aditi", "Cora", "Wen",
] as const;

export const MASCULINE_NAMES = [
  "Aarav", "Abdullah", "Ahmed", "Alejandro", "Arjun", "Benjamin", "Caleb", "Daniel", "Dmitri", "Eli",
  "Ethan", "Felix", "Gabriel", "Hassan", "Isaac", "Javier", "Jin", "Jonah", "Kai", "Kenji",
  "Leo", "Liam", "Malik", "Mateo", "Mohammed", "Nathan", "Noah", "Oliver", "Omar", "Rafael",
  "Rowan", "Samuel", "Sebastian", "Tariq", "Theo", "Victor", "Xavier", "Yusuf", "Bruno", "Quinn",
] as const;

export const FIRST_NAMES = [...FEMININE_NAMES, ...MASCULINE_NAMES] as const;

export const LAST_NAMES = [
  "Abara", "Anand", "Bauer", "Bergstrom", "Bianchi", "Castillo", "Chen", "Clarke", "Dasgupta", "Delacroix",
  "Dubois", "Ebert", "Fernandes", "Fischer", "Gallagher", "Garcia", "Gupta", "Haddad", "Hoang", "Ibrahim",
  "Ishikawa", "Jensen", "Johansson", "Kaur", "Kim", "Kowalski", "Larsen", "Leclerc", "Lee", "Lindqvist",
  "Lopez", "MacLeod", "Mahmoud", "Martin", "Mbeki", "Moreau", "Murphy", "Nakamura", "Nguyen", "Novak",
  "Nowak", "Obi", "Olsen", "Park", "Patel", "Petrov", "Quispe", "Ramos", "Rossi", "Sato",
  "Schmidt", "Sharma", "Silva", "Singh", "Sokolov", "Tanaka", "Thompson", "Torres", "Tran", "Umarov",
  "Varga", "Vasquez", "Wang", "Watanabe", "Weber", "Whitfield", "Wong", "Yamamoto", "Yilmaz", "Zhang",
] as const;

/** Titles for generated staff; Dr. now and then for anyone. */
export const FEMININE_TITLES = ["Ms.", "Ms.", "Mrs.", "Miss", "Mme."] as const;
export const MASCULINE_TITLES = ["Mr."] as const;

export const CITIES = [
  "Kamloops", "Nanaimo", "Kelowna", "Whistler", "Tofino", "Prince Rupert", "Revelstoke", "Squamish",
  "Penticton", "Nelson", "Victoria", "Surrey", "Halifax", "Saskatoon", "Yellowknife", "Banff",
] as const;

export const SUBJECTS = [
  { name: "Science", short: "SCI" },
  { name: "English", short: "ENG" },
  { name: "Social Studies", short: "SOC" },
  { name: "Math", short: "MAT" },
  { name: "Arts", short: "ART" },
  { name: "Info Tech", short: "ICT" },
] as const;

export const TOPIC_MEMOS = [
  "Math help: quadratics and factoring",
  "Quiet study hall",
  "Lab catch-up: finish your write-up",
  "Essay drafting clinic",
  "Reading circle: bring your novel",
  "Test corrections and rewrites",
  "Chess and strategy club",
  "Coding help: Python basics",
  "Art studio open time",
  "French conversation practice",
  "Study skills: planning your week",
  "Science fair project help",
  "Calculus review",
  "History debate prep",
  "Choir rehearsal",
  "Peer tutoring",
  "Robotics team build",
  "Yearbook committee",
  "Portfolio review",
  "Catch up on missed work",
] as const;

/** Memos for the topic a teacher marks as "not taking students". */
export const UNAVAILABLE_MEMOS = [
  "Not taking students: department meeting",
  "Away: marking day",
  "Not available: field trip supervision",
] as const;

export const APPOINTMENT_MEMOS = [
  "Finish the unit test you missed",
  "Lab write-up catch-up",
  "Talk about your essay draft",
  "Rewrite the quiz",
  "Project check-in",
  "Extra help before the exam",
  "Missing assignments",
  "Presentation rehearsal",
] as const;

export const AMENDMENT_MEMOS = [
  "Excused: medical appointment",
  "Excused: school band trip",
  "Excused: sports tournament",
  "Excused: family event",
  "Counsellor meeting",
] as const;

export const NOTIFICATION_BODIES = [
  "Reminder: staff meeting in the library after school on Thursday.",
  "Could you send me the list of students who still owe the science lab write-up?",
  "The Focus Block sign-up sheet for next week is live. Please post your topics by Monday.",
  "Thanks for covering my Focus Block on Wednesday!",
  "Heads up: the gym is booked for the volleyball tournament on Friday.",
  "Please check that your Focus Block topics for next week are set.",
  "Report card comments are due at the end of next week.",
  "Can a couple of students from my Focus Block join your robotics session on Thursday?",
] as const;
