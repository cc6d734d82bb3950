"use client";

import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { usePrinting } from "@/components/ui/use-printing";
import type { DayReportEntry } from "@/lib/reports/present";

/** The chart's width on paper, in CSS pixels: A4's 210 mm less 24 mm of margins is about 700 px. */
const PRINT_WIDTH = 660;

const shortDate = (iso: string) => {
  const [, m, d] = iso.split("-");
  return `${Number(m)}/${Number(d)}`;
};

/**
 * The attendance rate per day as a line (recharts, with its accessibility layer: the chart takes focus
 * and the arrow keys walk the days, announcing each value). The table beside it has the same numbers.
 */
export function RateChart({ rows }: { rows: DayReportEntry[] }) {
  const data = rows.map((r) => ({
    date: r.date,
    rate: r.attendance_rate === null ? null : Math.round(r.attendance_rate * 1000) / 10,
  }));
  // On paper the chart has the sheet's width (a Letter or A4 page less its margins), not the screen's.
  const printing = usePrinting();
  const chart = (
    <LineChart
      data={data}
      accessibilityLayer
      margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
      {...(printing ? { width: PRINT_WIDTH, height: 240 } : {})}
    >
      <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
      <XAxis
        dataKey="date"
        tickFormatter={shortDate}
        tick={{ fill: "#334155", fontSize: 12 }}
        minTickGap={16}
      />
      <YAxis domain={[0, 100]} unit="%" tick={{ fill: "#334155", fontSize: 12 }} width={48} />
      <Tooltip
        formatter={(value) => [`${value}%`, "Attendance rate"]}
        labelFormatter={(label) => String(label)}
      />
      <Line
        type="monotone"
        dataKey="rate"
        name="Attendance rate"
        stroke={printing ? "#000" : "#4f46e5"}
        strokeWidth={2}
        dot={{ r: 3 }}
        connectNulls
        isAnimationActive={!printing}
      />
    </LineChart>
  );
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-medium text-slate-800">Attendance rate by day (%)</figcaption>
      {printing ? (
        chart
      ) : (
        <div className="h-64 w-full">
          <ResponsiveContainer width="100%" height="100%">
            {chart}
          </ResponsiveContainer>
        </div>
      )}
    </figure>
  );
}
