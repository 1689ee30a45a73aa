// A one-page PDF marked as a sample, standing in for an identity document in the demo's verification queue, so an
// admin can open it from /admin/verifications as they would a real upload. Built by hand (no PDF library): a page
// with a few lines of Helvetica text, and the cross-reference table PDF readers need.

/** PDF strings in Latin-1 with ( ) \ escaped; letters outside Latin-1 (ė, š, ū …) lose their accents. */
function pdfText(text: string): string {
  const latin = text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return latin.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, "?");
}

export function samplePdf(lines: string[]): Uint8Array {
  const body = lines
    .map((line, i) => `BT /F1 ${i === 0 ? 20 : 12} Tf 56 ${760 - i * 28} Td (${pdfText(line)}) Tj ET`)
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${body.length} >>\nstream\n${body}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}
