import { presentStaffRef, presentStudentPerson } from "@/lib/people/present-person";

/**
 * The one shaping of a student and of a staff reference (one presenter, not three): the JSON text is what the three
 * student presenters and the dozen `{id, name}` staff references wrote before, key order included.
 */
describe("a person's JSON", () => {
  it("writes a student as lists show them, the preferred first name in place of the legal one", () => {
    const row = { id: 7, first_name: "Jane", last_name: "Smith", grade: 10, initials: "JS", color: "teal" };
    expect(JSON.stringify(presentStudentPerson(row))).toBe(
      '{"id":7,"first_name":"Jane","last_name":"Smith","name":"Jane Smith","grade":10,"initials":"JS","color":"teal"}',
    );
    expect(presentStudentPerson({ ...row, preferred_first_name: "Jay" })).toMatchObject({
      first_name: "Jay",
      name: "Jay Smith",
    });
    expect(presentStudentPerson({ ...row, preferred_first_name: "" })).toMatchObject({
      first_name: "Jane",
      name: "Jane Smith",
    });
  });

  it("writes a staff reference as {id, name}, with or without a title or first name", () => {
    expect(
      JSON.stringify(presentStaffRef({ id: 3, title: "Mx.", first_name: "Ada", last_name: "Lovelace" })),
    ).toBe('{"id":3,"name":"Mx. Lovelace, Ada"}');
    expect(presentStaffRef({ id: 4, title: "", first_name: "", last_name: "Hopper" })).toEqual({
      id: 4,
      name: "Hopper",
    });
  });
});
