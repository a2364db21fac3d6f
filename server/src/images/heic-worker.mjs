// Decodes a HEIC's primary image to RGBA in a worker thread: libheif (WebAssembly) runs synchronously,
// so it must not hold the server's event loop, and a file that takes too long can be stopped.
// The worker ends after one image, which frees the decoder's memory with it.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

const libheif = createRequire(import.meta.url)('libheif-js/wasm-bundle');

function decodePrimary(buffer) {
  const images = new libheif.HeifDecoder().decode(buffer);
  const primary = images.find((image) => image.is_primary()) ?? images[0];
  if (!primary) return Promise.resolve({ error: 'no image in the file' });
  const width = primary.get_width();
  const height = primary.get_height();
  if (width * height > workerData.maxPixels) return Promise.resolve({ error: 'pixel limit' });
  const hasAlpha = primary.has_alpha_channel();
  return new Promise((resolve) => {
    primary.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, (result) => {
      resolve(result ? { width, height, hasAlpha, data: result.data } : { error: 'the image data could not be decoded' });
    });
  });
}

parentPort.once('message', async (buffer) => {
  try {
    const result = await decodePrimary(new Uint8Array(buffer));
    parentPort.postMessage(result, result.data ? [result.data.buffer] : []);
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
