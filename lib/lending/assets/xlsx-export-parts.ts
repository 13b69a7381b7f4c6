const xmlDeclaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelationships = 'http://schemas.openxmlformats.org/package/2006/relationships';
const contentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/**
 * The parts of an export workbook other than its sheet: the smallest package Excel and LibreOffice open without
 * repair: the sheets, named Assets, Assets (2), …, and the default style.
 */
export function xlsxPackageParts(sheetCount: number): [name: string, xml: string][] {
  const sheets = Array.from({ length: sheetCount }, (_, i) => i + 1);
  return [
    [
      '[Content_Types].xml',
      `${xmlDeclaration}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${contentType}.sheet.main+xml"/>` +
        sheets.map((n) => `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="${contentType}.worksheet+xml"/>`).join('') +
        `<Override PartName="/xl/styles.xml" ContentType="${contentType}.styles+xml"/>` +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${xmlDeclaration}<Relationships xmlns="${packageRelationships}">` +
        `<Relationship Id="rId1" Type="${relationships}/officeDocument" Target="xl/workbook.xml"/>` +
        '</Relationships>',
    ],
    [
      'xl/workbook.xml',
      `${xmlDeclaration}<workbook xmlns="${main}" xmlns:r="${relationships}">` +
        `<sheets>${sheets.map((n) => `<sheet name="${n === 1 ? 'Assets' : `Assets (${n})`}" sheetId="${n}" r:id="rId${n}"/>`).join('')}</sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${xmlDeclaration}<Relationships xmlns="${packageRelationships}">` +
        sheets.map((n) => `<Relationship Id="rId${n}" Type="${relationships}/worksheet" Target="worksheets/sheet${n}.xml"/>`).join('') +
        `<Relationship Id="rIdStyles" Type="${relationships}/styles" Target="styles.xml"/>` +
        '</Relationships>',
    ],
    [
      'xl/styles.xml',
      `${xmlDeclaration}<styleSheet xmlns="${main}">` +
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
        '</styleSheet>',
    ],
  ];
}
