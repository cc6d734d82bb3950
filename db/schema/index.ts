export * from "./people";
export * from "./auth";
export * from "./timetable";
export * from "./scheduling";
export * from "./social";
export * from "./settings";
