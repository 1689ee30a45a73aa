// A Vite plugin for the Worker's build: React's streaming renderer encodes what it writes once per flush, not once
// per string.
//
// react-dom/server's web-streams build (the one workerd gets) turns every piece of markup into bytes as it writes it:
// each attribute name, each `="`, each text node is its own TextEncoder.encode call, copied into 512-byte views. In
// workerd an encode is a call out of JavaScript into the runtime, and a signed-in /rentals makes tens of thousands:
// profiled under load (decision 005), the encodes and the copying were about a quarter of the Worker's CPU for the
// request. Here the renderer's writer keeps the strings of a flush as one JavaScript string (appending is cheap:
// V8 joins them without copying) and encodes it once when React completes the flush, so the stream carries the same
// bytes in fewer, larger chunks, at the same moments.
//
// What is replaced, in the production build React ships minified: the writer (writeChunk), the flush
// (completeWriting), the two places a flush begins (beginWriting, inlined), and the two string-to-chunk functions
// (which now return the string). The text is checked: when an upgrade changes it, the build fails here instead of
// quietly going back to the slow path, or worse, half patched.
import type { Plugin } from "vite";
import { patchChecked, type Edit } from "./checked-patch";

const MODULE = /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.browser\.production\.min\.js$/;

/** What React 18.3's file says, and what it becomes. */
const EDITS: Edit[] = [
  // The buffer: a string of what this flush has written so far.
  { from: "var l=null,n=0;", to: 'var l="",n=0;' },
  // writeChunk: append. (`n` stays 0: nothing else reads it.)
  {
    from: "function p(a,b){if(0!==b.length)if(512<b.length)0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=new Uint8Array(512),n=0),a.enqueue(b);else{var c=l.length-n;c<b.length&&(0===c?a.enqueue(l):(l.set(b.subarray(0,c),n),a.enqueue(l),b=b.subarray(c)),l=new Uint8Array(512),n=0);l.set(b,n);n+=b.length}}",
    to: "function p(a,b){l+=b}",
  },
  // completeWriting: one encode of everything since the flush began.
  {
    from: "function ba(a){l&&0<n&&(a.enqueue(new Uint8Array(l.buffer,0,n)),l=null,n=0)}",
    to: 'function ba(a){l&&a.enqueue(ca.encode(l));l=""}',
  },
  // stringToChunk and stringToPrecomputedChunk: chunks are strings until the flush.
  {
    from: "function u(a){return ca.encode(a)}function w(a){return ca.encode(a)}",
    to: "function u(a){return a}function w(a){return a}",
  },
  // beginWriting, inlined where a flush starts.
  { from: "l=new Uint8Array(512);n=0;", to: 'l="";n=0;', times: 2 },
];

const WHEN_CHANGED =
  "react-dom's server renderer is not what scripts/react-render-encoding.ts patches: check the new version's writer " +
  "(writeChunk, completeWriting, stringToChunk) and update the plugin (or drop it)";

/** The renderer's source with its writer replaced; throws when the text to replace is not there as expected. */
export function encodeOncePerFlush(source: string): string {
  const result = patchChecked(source, EDITS, WHEN_CHANGED);
  if (/Uint8Array|subarray|ca\.encode\((?!l\))/.test(result)) {
    throw new Error(`${WHEN_CHANGED}: it still makes bytes outside its flush`);
  }
  return result;
}

export function reactRenderEncoding(): Plugin {
  return {
    name: "react-render-encoding",
    // Before the CommonJS plugin rewrites the module: the text checked is React's as shipped.
    enforce: "pre",
    transform(code, id, options) {
      // The file itself (the CommonJS plugin's virtual modules named after it end in a query: `…?commonjs-exports`).
      if (!options?.ssr || !MODULE.test(id)) return null;
      return { code: encodeOncePerFlush(code), map: null };
    },
  };
}
