/**
 * A CSV file as LibreOffice Calc opens it: Debian's libreoffice-calc, headless, imports the file
 * with an explicit CSV filter and saves it as flat ODF (.fods), whose XML says which cells hold a
 * formula (`table:formula`) and what every cell shows.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const SOFFICE = '/usr/bin/soffice';

/** How Calc reads the file: the character it splits cells at, and whether it honours the quotes. */
export interface CsvReading {
  separator: ',' | ';' | '\t';
  quotes: boolean;
}

export interface CalcCell {
  text: string;
  /** The formula Calc stored for the cell (e.g. `of:=1+1`), or null for a value. */
  formula: string | null;
}

/**
 * The import filter's options (LibreOffice's "Filter Options for the CSV Filter"), by position:
 * separator, text delimiter, character set (76: UTF-8), first line, column formats (none), language
 * (0: the interface's), quoted fields as text, detect special numbers, two export-only options,
 * remove spaces, one more export-only option, then evaluate formulas. Quoted fields are not forced
 * to text, spaces are kept and formulas are evaluated, so the reading is as eager to run a formula
 * as a spreadsheet can be. Without quotes the text delimiter is NUL, which no export contains:
 * every `"` is then an ordinary character.
 */
function filterOptions({ separator, quotes }: CsvReading): string {
  const delimiter = quotes ? '"'.charCodeAt(0) : 0;
  return `CSV:${separator.charCodeAt(0)},${delimiter},76,1,,0,false,false,false,false,false,-1,true`;
}

/** Runs soffice in its own process group, so a timeout ends soffice.bin too, not only its launcher. */
function runSoffice(args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(SOFFICE, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${SOFFICE} did not start (apt-get install libreoffice-calc): ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`soffice ended with ${signal ?? `exit ${code}`}:\n${output}`));
    });
  });
}

/**
 * Reads the saved sheet with Python's XML parser (python3 is on every machine that runs the tool
 * suites; Node has none of its own): each row's cells, with what the cell shows (ODF writes a run
 * of spaces, a tab and a line break as elements) and its formula attribute.
 */
const FODS_READER = `
import json, sys, xml.etree.ElementTree as ET
TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
def shown(node):
    out = node.text or ""
    for child in node:
        if child.tag == TEXT + "s": out += " " * int(child.get(TEXT + "c", "1"))
        elif child.tag == TEXT + "tab": out += "\\t"
        elif child.tag == TEXT + "line-break": out += "\\n"
        else: out += shown(child)
        out += child.tail or ""
    return out
rows = [[{"text": "\\n".join(shown(p) for p in cell.iter(TEXT + "p")), "formula": cell.get(TABLE + "formula")}
         for cell in row.iter(TABLE + "table-cell")]
        for row in ET.parse(sys.argv[1]).getroot().iter(TABLE + "table-row")]
json.dump(rows, sys.stdout)
`;

/** The sheet's rows, each as its cells (a run of empty cells Calc wrote once counts once). */
function sheetRows(fodsFile: string): Promise<CalcCell[][]> {
  return new Promise((resolve, reject) => {
    execFile('/usr/bin/python3', ['-c', FODS_READER, fodsFile], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout) as CalcCell[][]);
    });
  });
}

/**
 * Opens `csvFile` in Calc as `reading` says and returns its cells. `workDir` holds Calc's private
 * profile (runs in parallel never share one) and the converted files; the caller removes it.
 */
export async function openInCalc(csvFile: string, reading: CsvReading, workDir: string): Promise<CalcCell[][]> {
  const outDir = await fs.mkdtemp(path.join(workDir, 'fods-'));
  await runSoffice(
    [
      `-env:UserInstallation=${pathToFileURL(path.join(workDir, 'profile')).href}`,
      '--headless',
      '--norestore',
      `--infilter=${filterOptions(reading)}`,
      '--convert-to',
      'fods',
      '--outdir',
      outDir,
      csvFile,
    ],
    120_000,
  );
  return sheetRows(path.join(outDir, `${path.basename(csvFile, path.extname(csvFile))}.fods`));
}
