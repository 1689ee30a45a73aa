// The Cloudflare Images binding in Node, made with sharp the way `wrangler dev` emulates it (miniflare's
// imagesLocalFetcher and runTransform), so tests see what the local Worker sees:
// - info answers { format, fileSize, width, height } (only { format } for SVG), and fails for what sharp cannot read;
// - a transform applies `rotate`, then `width`/`height` with fit "contain" (which enlarges); `fit: "scale-down"`,
//   quality and the other options are ignored, as locally;
// - output encodes WebP, JPEG, PNG or AVIF;
// - an input sharp cannot decode during a transform gives an empty image, not an error: locally the failure happens
//   while the answer is streamed and the Worker reads an empty body. `transformErrors: "throw"` rejects at
//   output() instead, as an error answer from the hosted service does.
import sharp from "sharp";

type TransformErrors = "empty-output" | "throw";

interface ImagesDouble extends ImagesBinding {
  /** How often each entry point was called: tests assert that refused files never reach the binding. */
  readonly calls: { info: number; output: number };
}

function imagesError(code: number, message: string): Error {
  return Object.assign(new Error(`ERROR ${code}: ${message}`), { code });
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

const MIME: Record<string, string> = {
  jpeg: "image/jpeg",
  svg: "image/svg+xml",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  avif: "image/avif",
};

export function createImagesBinding({
  transformErrors = "empty-output",
}: { transformErrors?: TransformErrors } = {}): ImagesDouble {
  const calls = { info: 0, output: 0 };

  async function info(stream: ReadableStream<Uint8Array>): Promise<ImageInfoResponse> {
    calls.info += 1;
    const input = await bytesOf(stream);
    let metadata: sharp.Metadata;
    try {
      metadata = await sharp(input).metadata();
    } catch (error) {
      throw imagesError(9523, String(error));
    }
    const format = MIME[metadata.format];
    if (!format) throw imagesError(9520, `Unsupported image type ${metadata.format}`);
    if (format === "image/svg+xml") return { format };
    if (!metadata.size || !metadata.width || !metadata.height) {
      throw imagesError(9523, "Expected size, width and height for bitmap input");
    }
    return { format, fileSize: metadata.size, width: metadata.width, height: metadata.height };
  }

  function input(stream: ReadableStream<Uint8Array>): ImageTransformer {
    const transforms: ImageTransform[] = [];
    const transformer: ImageTransformer = {
      transform(transform) {
        transforms.push(transform);
        return transformer;
      },
      draw() {
        throw new Error("draw() is not part of the Images double");
      },
      async output({ format }) {
        calls.output += 1;
        const input = await bytesOf(stream);
        // An empty input fails before anything is streamed, so locally too it is an error answer.
        if (input.length === 0) throw imagesError(9523, "Input bit Array is empty");
        const image = sharp(input);
        for (const { rotate, width, height } of transforms) {
          if (rotate !== undefined) image.rotate(rotate);
          if (width !== undefined || height !== undefined)
            image.resize(width || null, height || null, { fit: "contain" });
        }
        switch (format) {
          case "image/avif":
            image.avif();
            break;
          case "image/jpeg":
            image.jpeg();
            break;
          case "image/png":
            image.png();
            break;
          case "image/webp":
            image.webp();
            break;
          case "image/gif":
          case "rgb":
          case "rgba":
            throw imagesError(9520, `${format} output is not supported in local mode`);
        }
        let bytes: Uint8Array<ArrayBuffer>;
        try {
          bytes = new Uint8Array(await image.toBuffer());
        } catch (error) {
          if (transformErrors === "throw") throw imagesError(9523, String(error));
          bytes = new Uint8Array();
        }
        return {
          contentType: () => format,
          image: () => new Response(bytes).body as ReadableStream<Uint8Array>,
          response: () => new Response(bytes, { headers: { "content-type": format } }),
        };
      },
    };
    return transformer;
  }

  return {
    calls,
    info,
    input,
    get hosted(): HostedImagesBinding {
      throw new Error("Hosted images are not part of the Images double");
    },
  };
}
