import sharp from 'sharp';

/**
 * Only the decoders of the formats we accept may ever see an upload: SVG (librsvg), PDF, PSD and the
 * rest are refused before they parse a byte, which also ends their cost (a hostile .svgz took 10 s).
 */
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({
  operation: [
    'VipsForeignLoadJpeg',
    'VipsForeignLoadPng',
    'VipsForeignLoadWebp',
    'VipsForeignLoadNsgif',
    'VipsForeignLoadHeif',
    'VipsForeignLoadTiff',
  ],
});

export { sharp };
