// npm run videos:upload -- --file path/to/film.mp4 --name workzone|facetsre-test [--env preview] [--local]
// Puts a film into the deployed VIDEOS bucket (or, with --local, the local one) under the key
// wrangler.toml configures for that name, so GET /api/video/<name> streams it.
import { closeSync, openSync, readSync, statSync } from "node:fs";
import { parseArgs } from "node:util";
import { isVideoName, VIDEO_KEY_VARIABLES } from "../app/lib/video-names.ts";
import { LOCAL_STATE, wrangler } from "./local-state.ts";
import { videoStorageConfig } from "./seed-local-videos.ts";

/** `wrangler r2 object put` uploads in one request, which R2's API caps at 300 MiB. */
const WRANGLER_UPLOAD_LIMIT = 300 * 1024 * 1024;

const { values } = parseArgs({
  options: {
    file: { type: "string" },
    name: { type: "string" },
    env: { type: "string" },
    local: { type: "boolean", default: false },
  },
});

const names = Object.keys(VIDEO_KEY_VARIABLES).join("|");
if (!values.file || !values.name || !isVideoName(values.name)) {
  console.error(
    `Usage: npm run videos:upload -- --file path/to/film.mp4 --name ${names} [--env preview] [--local]`,
  );
  process.exit(2);
}

/** The top-level MP4 boxes in file order (type names only), read from their 8- or 16-byte headers. */
function topLevelBoxes(path: string): string[] {
  const fd = openSync(path, "r");
  try {
    const size = statSync(path).size;
    const header = Buffer.alloc(16);
    const boxes: string[] = [];
    let position = 0;
    while (position + 8 <= size && boxes.length < 64) {
      readSync(fd, header, 0, 16, position);
      let boxSize = header.readUInt32BE(0);
      if (boxSize === 1) boxSize = Number(header.readBigUInt64BE(8));
      if (boxSize === 0) boxSize = size - position;
      if (boxSize < 8) break;
      boxes.push(header.toString("latin1", 4, 8));
      position += boxSize;
    }
    return boxes;
  } finally {
    closeSync(fd);
  }
}

const { size } = statSync(values.file);
const boxes = topLevelBoxes(values.file);
if (boxes[0] !== "ftyp") {
  console.error(`${values.file} is not an MP4 file (no ftyp box at the start).`);
  process.exit(1);
}
const moov = boxes.indexOf("moov");
const mdat = boxes.indexOf("mdat");
if (moov === -1 || (mdat !== -1 && mdat < moov)) {
  console.warn(
    "Warning: the moov atom is not at the front, so browsers must fetch the end of the file before playing.\n" +
      `  Fix it without re-encoding: ffmpeg -i ${values.file} -c copy -movflags +faststart fixed.mp4`,
  );
}
if (size > WRANGLER_UPLOAD_LIMIT && !values.local) {
  console.error(
    `${values.file} is ${(size / 2 ** 20).toFixed(0)} MiB; wrangler uploads at most 300 MiB in one request.\n` +
      "Upload it with an S3-compatible client (rclone, aws s3 cp), which uses multipart uploads.",
  );
  process.exit(1);
}

const { bucket, keys } = videoStorageConfig(values.env);
const key = keys[values.name];
const target = values.local ? ["--local", "--persist-to", LOCAL_STATE] : ["--remote"];
const environment = values.env ? ["--env", values.env] : [];
wrangler(
  [
    "r2",
    "object",
    "put",
    `${bucket}/${key}`,
    ...target,
    ...environment,
    "--file",
    values.file,
    "--content-type",
    "video/mp4",
  ],
  { quiet: true },
);
console.log(
  `${values.file} (${size} bytes) is ${bucket}/${key} in the ${values.local ? "local" : "remote"} bucket; ` +
    `GET /api/video/${values.name} streams it.`,
);
