// Typings of posenc/gguf-node (web/core/gguf-node.js): Node only.
import type { GGUFHeader, Posenc } from './posenc.js';

export interface ReadGGUFFileOptions {
  /** The tensors to read and convert (F32, F16, BF16, F64, I32, I64), or a function of the header that names them. */
  tensors?: string[] | ((gguf: GGUFHeader) => string[]);
  /** The Posenc to use (default: load()'s). */
  posenc?: Posenc;
  /** Bytes of the first read (default 65536); the header then grows to what ggufHeaderSize says. */
  firstRead?: number;
  /**
   * The most bytes read past ggufHeaderSize's lower bound in one step (default 4 MiB; 0: exactly
   * the header). Reads at least double while the header goes on, within this.
   */
  readAhead?: number;
}

/** A GGUF file read by positioned reads: its header, then only the named tensors' byte ranges. */
export function readGGUFFile(path: string, options?: ReadGGUFFileOptions): Promise<{
  gguf: GGUFHeader;
  tensors: Record<string, Float32Array>;
  /** The bytes actually read from the file. */
  bytesRead: number;
}>;

/** The rope tensors llama.cpp reads (rope_freqs, rope_factors_long, rope_factors_short) that a file holds. */
export function ggufRopeTensors(gguf: GGUFHeader): string[];
