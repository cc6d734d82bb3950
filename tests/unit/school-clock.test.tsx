import { render, screen } from "@testing-library/react";
import { useSchoolTime, useSchoolTimestamp } from "@/components/audit/use-school-time";
import { chipsCsv } from "@/lib/checkin/chips";
import { formatSchoolTime, offsetAt, schoolTimestamp, zoneOffsets, type ZoneOffset } from "@/lib/school-clock";

/**
 * One clock: the browser writes school times with the zone's offsets as the server's
 * rules give them (sent with the timezone setting), so two screens never disagree about an instant.
 */
let settings: unknown;
jest.mock("@/components/auth/use-auth", () => ({
  useAuth: () => ({ user: { role: "admin" }, settings }),
  useSignedInUser: () => ({ user: { role: "admin" }, settings }),
}));

describe("zoneOffsets", () => {
  it("finds each change of a zone's offset to the minute", () => {
    const offsets = zoneOffsets("America/New_York", new Date("2026-01-01T00:00:00Z"), new Date("2026-12-31T00:00:00Z"));
    expect(offsets).toEqual([
      { from: "2026-01-01T00:00:00.000Z", minutes: -300 },
      { from: "2026-03-08T07:00:00.000Z", minutes: -240 },
      { from: "2026-11-01T06:00:00.000Z", minutes: -300 },
    ]);
    expect(zoneOffsets("Asia/Kolkata", new Date("2026-01-01T00:00:00Z"), new Date("2026-12-31T00:00:00Z"))).toEqual([
      { from: "2026-01-01T00:00:00.000Z", minutes: 330 },
    ]);
    expect(offsetAt(Date.parse("2026-07-01T12:00:00Z"), "Europe/Paris")).toBe(120);
  });
});

describe("formatSchoolTime and schoolTimestamp", () => {
  const iso = "2026-11-27T20:21:00.000Z";
  it("write an instant as the zone's rules give it", () => {
    const offsets = zoneOffsets("America/New_York", new Date("2026-01-01T00:00:00Z"), new Date("2027-01-01T00:00:00Z"));
    expect(formatSchoolTime(iso, "America/New_York", offsets)).toBe("Nov 27, 2026, 3:21 PM");
    expect(formatSchoolTime(iso, "America/New_York")).toBe("Nov 27, 2026, 3:21 PM");
    expect(schoolTimestamp(iso, "America/New_York", offsets)).toBe("2026-11-27T15:21:00-05:00");
    expect(schoolTimestamp("2026-06-01T13:41:05.500Z", "America/New_York")).toBe("2026-06-01T09:41:05-04:00");
    expect(schoolTimestamp(iso, "Asia/Kolkata")).toBe("2026-11-28T01:51:00+05:30");
  });

  it("follow the server's offsets where they differ from this runtime's rules (the browser's copy)", () => {
    // The server's rules keep summer time all year (as British Columbia's newer rules do): an hour
    // ahead of this runtime's rules for New York in November.
    const server: ZoneOffset[] = [{ from: "2026-01-01T00:00:00.000Z", minutes: -240 }];
    expect(formatSchoolTime(iso, "America/New_York", server)).toBe("Nov 27, 2026, 4:21 PM");
    expect(schoolTimestamp(iso, "America/New_York", server)).toBe("2026-11-27T16:21:00-04:00");
    // Before the offsets' window: this runtime's rules.
    expect(formatSchoolTime("2020-11-27T20:21:00.000Z", "America/New_York", server)).toBe("Nov 27, 2020, 3:21 PM");
  });
});

function Shown({ iso }: { iso: string }) {
  const when = useSchoolTime();
  const stamp = useSchoolTimestamp();
  return (
    <p>
      <span data-testid="when">{when(iso)}</span> <span data-testid="stamp">{stamp(iso)}</span>
    </p>
  );
}

describe("the screens' hooks", () => {
  it("write school times with the offsets the settings carry", () => {
    settings = {
      values: { timezone: { value: "America/New_York", offsets: [{ from: "2026-01-01T00:00:00.000Z", minutes: -240 }] } },
    };
    render(<Shown iso="2026-11-27T20:21:00.000Z" />);
    // Not this runtime's 3:21 PM: the server's offset decides.
    expect(screen.getByTestId("when")).toHaveTextContent("Nov 27, 2026, 4:21 PM");
    expect(screen.getByTestId("stamp")).toHaveTextContent("2026-11-27T16:21:00-04:00");
  });
});

describe("the check-in download", () => {
  it("writes each timestamp as it is told (the screen: the school's time with its offset)", () => {
    const chips = [{ value: "100001", timestamp: "2026-11-27T20:21:00.000Z" }];
    expect(chipsCsv(chips)).toBe("Student Number,Timestamp\r\n100001,2026-11-27T20:21:00.000Z\r\n");
    expect(chipsCsv(chips, (iso) => schoolTimestamp(iso, "America/New_York"))).toBe(
      "Student Number,Timestamp\r\n100001,2026-11-27T15:21:00-05:00\r\n",
    );
  });
});
