// GET /api/students/{id|self}/schedule/{date}: the student's week holding the date
export { GET } from "../route";
