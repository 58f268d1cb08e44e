/** The part of pdfmake 0.3's Node API (package main: js/index.js, a singleton) the print service uses. */
declare module 'pdfmake' {
  interface OutputDocument {
    /** The pdfkit document once laid out and rendered (not yet ended). */
    getStream(): Promise<unknown>;
    getBuffer(): Promise<Buffer>;
  }
  interface VirtualFileSystem {
    existsSync(filename: string): boolean;
    writeFileSync(filename: string, content: Buffer | string): void;
  }
  interface PdfMake {
    virtualfs: VirtualFileSystem;
    setFonts(fonts: Record<string, { normal: string; bold: string; italics: string; bolditalics: string }>): void;
    addTableLayouts(layouts: Record<string, unknown>): void;
    setUrlAccessPolicy(policy: (url: string) => boolean): void;
    setLocalAccessPolicy(policy: (path: string) => boolean): void;
    createPdf(definition: Record<string, unknown>, options?: Record<string, unknown>): OutputDocument;
  }
  const pdfmake: PdfMake;
  export default pdfmake;
}
