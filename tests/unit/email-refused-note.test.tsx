import { render, screen } from "@testing-library/react";
import { EmailRefusedNote } from "@/components/reach/email-refused-note";

jest.mock("@/components/audit/use-school-time", () => ({
  useSchoolTime: () => (iso: string) => `at ${iso.slice(0, 10)}`,
}));

describe("EmailRefusedNote (a profile's refused address)", () => {
  it("says which address its mail server refused, with its answer, and that nothing more is sent to it", () => {
    render(<EmailRefusedNote address="pat@school.example" refusal={{ error: "550 5.1.1 No such user here", since: "2026-12-02T17:00:00.000Z" }} />);
    expect(screen.getByTestId("email-refused")).toHaveTextContent(
      "Email to pat@school.example is refused by its mail server since at 2026-12-02 (550 5.1.1 No such user here). Nothing more is sent to it until the address changes.",
    );
  });

  it("shows nothing when the address is not refused, or there is none", () => {
    const { container } = render(<EmailRefusedNote address="pat@school.example" refusal={null} />);
    expect(container).toBeEmptyDOMElement();
    const none = render(<EmailRefusedNote address={null} refusal={{ error: "550", since: "2026-12-02T17:00:00.000Z" }} />);
    expect(none.container).toBeEmptyDOMElement();
  });
});
