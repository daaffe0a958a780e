import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * What is compressed on the fly: text, JSON (GraphQL and REST answers), XML, JavaScript and SVG.
 * Not the library's default, which also takes application/octet-stream: archives, pictures and
 * other binary files go out byte for byte, with their length and ranges.
 */
export const COMPRESSIBLE_TYPE =
  /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|javascript|^image\/svg\+xml/;

/** Answers shorter than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers on the fly for clients that accept it (brotli preferred, then gzip). Registered
 * before every route: the plugin hooks each route as it is added. Answers that already have a
 * Content-Encoding (the web app's precompressed files) are left alone.
 */
export async function registerCompression(fastify: FastifyInstance): Promise<void> {
  await fastify.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE_TYPE,
    // Request bodies are taken as sent: no compressed uploads, so no decompression bombs to size.
    globalDecompression: false,
  });
}
