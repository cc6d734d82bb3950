"use client";

import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { DayReportEntry } from "@/lib/reports/present";

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
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-medium text-slate-800">Attendance rate by day (%)</figcaption>
      <div className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} accessibilityLayer margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="date" tickFormatter={shortDate} tick={{ fill: "#334155", fontSize: 12 }} minTickGap={16} />
            <YAxis domain={[0, 100]} unit="%" tick={{ fill: "#334155", fontSize: 12 }} width={48} />
            <Tooltip formatter={(value) => [`${value}%`, "Attendance rate"]} labelFormatter={(label) => String(label)} />
            <Line type="monotone" dataKey="rate" name="Attendance rate" stroke="#4f46e5" strokeWidth={2} dot={{ r: 3 }} connectNulls />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
