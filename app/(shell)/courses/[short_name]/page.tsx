"use client";

import { useParams } from "next/navigation";
import { CoursePageView } from "@/components/courses/course-page";

// /courses/{short_name}: a course page, reached from search or Starred.
export default function CourseRoute() {
  const { short_name } = useParams<{ short_name: string }>();
  const shortName = decodeURIComponent(short_name);
  return <CoursePageView key={shortName} shortName={shortName} />;
}
