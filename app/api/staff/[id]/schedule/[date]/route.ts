// GET /api/staff/{id}/schedule/{date}: the teacher's week holding the date
export { GET } from "../route";
