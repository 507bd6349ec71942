// Node only (not imported by the package entry): a GGUF file read by positioned reads, the header
// in growing reads until ggufHeaderSize says it is whole, then only the named tensors' ranges.
import { open } from 'node:fs/promises';
import { PosencError, describe } from './error.js';
import { GGUF_CONVERTED } from './gguf.js';

const FIRST_READ = 1 << 16;
const READ_AHEAD = 1 << 22;

/**
 * readGGUFFile(path, { tensors: [names] | (gguf) => [names], posenc, firstRead, readAhead }) → { gguf, tensors: { name:
 * Float32Array }, bytesRead }: the header (pe.readGGUF) and the named tensors (pe.ggufTensor), read
 * from the file by positioned reads: the first firstRead bytes (default 64 KiB), then, while
 * ggufHeaderSize says the header goes on, up to what it needs (a lower bound) or twice what was
 * read, whichever is more, but never more than readAhead bytes (default 4 MiB; 0: exactly what it
 * needs) past that lower bound, so never more than readAhead past the header's end; then each
 * tensor's range not already read. bytesRead: the bytes actually read. posenc: a Posenc (default:
 * load()'s).
 */
export async function readGGUFFile(path, options = {}) {
  const who = 'readGGUFFile';
  if (options === null || typeof options !== 'object') {
    throw new PosencError(`posenc ${who}: options = ${describe(options)} is not an object`, 'EINVAL', 'options');
  }
  // the names, or a function of the header that gives them (the tensors a file turns out to hold)
  const pick = typeof options.tensors === 'function' ? options.tensors : null;
  const checkNames = (names) => {
    if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) {
      throw new PosencError(`posenc ${who}: tensors = ${describe(names)} is not an array of names`, 'EINVAL', 'tensors');
    }
    return names;
  };
  let names = pick ? null : checkNames(options.tensors ?? []);
  const first = options.firstRead ?? FIRST_READ;
  if (!Number.isInteger(first) || first < 1) {
    throw new PosencError(`posenc ${who}: firstRead = ${describe(options.firstRead)} is not a whole number >= 1`, 'EINVAL', 'firstRead');
  }
  const ahead = options.readAhead ?? READ_AHEAD;
  if (!Number.isInteger(ahead) || ahead < 0) {
    throw new PosencError(`posenc ${who}: readAhead = ${describe(options.readAhead)} is not a whole number >= 0`, 'EINVAL', 'readAhead');
  }
  const pe = options.posenc ?? await (await import('../posenc.js')).load();
  const file = await open(path, 'r');
  try {
    const fileSize = (await file.stat()).size;
    let bytesRead = 0;
    let buf = new Uint8Array(0);
    // buf grows to `want` bytes from the file's start: only the new part is read
    const grow = async (want) => {
      const next = new Uint8Array(want);
      next.set(buf);
      while (bytesRead < want) {
        const { bytesRead: got } = await file.read(next, bytesRead, want - bytesRead, bytesRead);
        if (!got) throw new PosencError(`posenc ${who}: ${path} ended at ${bytesRead} of ${fileSize} bytes while reading`, 'ERANGE', 'path');
        bytesRead += got;
      }
      buf = next;
    };
    await grow(Math.min(fileSize, first));
    for (;;) {
      const need = pe.ggufHeaderSize(buf, { fileSize });
      if (need <= buf.length) break;
      // need is a lower bound of the header's end: past it by readAhead at most
      await grow(Math.min(fileSize, Math.max(need, Math.min(2 * buf.length, need + ahead))));
    }
    const gguf = pe.readGGUF(buf, { fileSize });
    names ??= checkNames(pick(gguf));
    const tensors = {};
    for (const name of names) {
      const t = gguf.tensors.find((e) => e.name === name);
      // an unknown name or a type not converted: refused before anything is read for it
      if (!t || !GGUF_CONVERTED.includes(t.dtype)) pe.ggufTensor(gguf, name, new Uint8Array(0));
      let bytes;
      if (t.end <= buf.length) {
        bytes = buf.subarray(t.begin, t.end);
      } else {
        bytes = new Uint8Array(t.end - t.begin);
        let done = 0;
        while (done < bytes.length) {
          const { bytesRead: got } = await file.read(bytes, done, bytes.length - done, t.begin + done);
          if (!got) throw new PosencError(`posenc ${who}: ${path} ended inside tensor ${JSON.stringify(name)}`, 'ERANGE', 'path');
          done += got;
        }
        bytesRead += bytes.length;
      }
      tensors[name] = pe.ggufTensor(gguf, name, bytes);
    }
    return { gguf, tensors, bytesRead };
  } finally {
    await file.close();
  }
}

/** The rope tensors llama.cpp reads that a file holds (for readGGUFFile's tensors: ggufRopeTensors). */
export { ggufRopeTensors } from './engines/gguf.js';
