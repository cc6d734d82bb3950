"use client";

import { CourseListScreen } from "@/components/courses/course-list";

// /courses: the teacher's own classes, then every course (administrators add them here).
export default function CoursesRoute() {
  return <CourseListScreen />;
}
