import fs from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { projectRoot } from '../server/config'

/**
 * Draws the demo content's images (`content/media/`) from SVG: post covers, product photos,
 * author avatars and the home page's hero. Run once with `npx tsx scripts/generate-demo-media.ts`;
 * the images are committed, so the seed needs no drawing at start.
 */
const OUT = path.join(projectRoot, 'content', 'media')

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A harbour at dusk: a gradient sky, a sun, layered waves; the title on a dark band. */
function coverSvg(width: number, height: number, [top, bottom, sea]: string[], title: string) {
  const waves = [0.62, 0.72, 0.84]
    .map((level, i) => {
      const y = height * level
      const amplitude = 18 + i * 8
      return `<path opacity="${0.55 + i * 0.15}" fill="${sea}" d="M0 ${y}
        C ${width * 0.25} ${y - amplitude}, ${width * 0.5} ${y + amplitude}, ${width} ${y - amplitude / 2}
        L ${width} ${height} L 0 ${height} Z"/>`
    })
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="${width * 0.72}" cy="${height * 0.38}" r="${height * 0.16}" fill="#fff5d6" opacity="0.85"/>
    ${waves}
    ${
      title
        ? `<rect x="0" y="${height * 0.06}" width="${width * 0.7}" height="${height * 0.16}" fill="#0b2233" opacity="0.55"/>
    <text x="${width * 0.04}" y="${height * 0.165}" font-family="DejaVu Sans, sans-serif" font-size="${height * 0.065}" font-weight="bold" fill="#ffffff">${escape(title)}</text>`
        : ''
    }
  </svg>`
}

const PRODUCT_SHAPES: Record<string, string> = {
  roller: `<rect x="170" y="330" width="460" height="150" rx="75" fill="#1f6f8b"/>
    <g stroke="#15506a" stroke-width="10">${[250, 330, 410, 490, 570].map((x) => `<line x1="${x}" y1="335" x2="${x}" y2="475"/>`).join('')}</g>`,
  bands: ['#e4572e', '#f3a712', '#29335c']
    .map(
      (c, i) =>
        `<ellipse cx="400" cy="${330 + i * 70}" rx="${230 - i * 30}" ry="70" fill="none" stroke="${c}" stroke-width="26"/>`,
    )
    .join(''),
  balls: `<circle cx="320" cy="420" r="110" fill="#e4572e"/><circle cx="500" cy="430" r="90" fill="#29335c"/>
    <g fill="#fff" opacity="0.35">${[280, 330, 360].map((x, i) => `<circle cx="${x}" cy="${380 + i * 30}" r="12"/>`).join('')}</g>`,
  board: `<ellipse cx="400" cy="470" rx="260" ry="60" fill="#7a4e2d"/><ellipse cx="400" cy="455" rx="260" ry="60" fill="#b07b4f"/>
    <path d="M330 515 Q400 600 470 515 Z" fill="#3b3b3b"/>`,
  pack: `<rect x="220" y="250" width="360" height="300" rx="60" fill="#4ea8de"/>
    <rect x="220" y="250" width="180" height="300" rx="60" fill="#e85d75"/><rect x="380" y="250" width="40" height="300" fill="#ffffff" opacity="0.6"/>`,
  mat: `<rect x="150" y="430" width="420" height="80" rx="12" fill="#6a994e"/><circle cx="580" cy="420" r="90" fill="#6a994e"/>
    <circle cx="580" cy="420" r="55" fill="#386641"/><circle cx="580" cy="420" r="22" fill="#a7c957"/>`,
}

function productSvg(shape: string, background: string, name: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
    <defs><radialGradient id="bg" cx="0.5" cy="0.45" r="0.7">
      <stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${background}"/>
    </radialGradient></defs>
    <rect width="800" height="800" fill="url(#bg)"/>
    <ellipse cx="400" cy="600" rx="280" ry="26" fill="#000" opacity="0.08"/>
    ${PRODUCT_SHAPES[shape]}
    <text x="400" y="720" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="44" fill="#23323f">${escape(name)}</text>
  </svg>`
}

function avatarSvg(initials: string, [from, to]: string[]) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient></defs>
    <rect width="400" height="400" fill="url(#g)"/>
    <circle cx="200" cy="165" r="80" fill="#ffffff" opacity="0.25"/>
    <path d="M60 400 Q200 240 340 400 Z" fill="#ffffff" opacity="0.25"/>
    <text x="200" y="190" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="84" font-weight="bold" fill="#ffffff">${initials}</text>
  </svg>`
}

const COVERS: [string, string[], string][] = [
  ['cover-runners-knee', ['#ff9a62', '#ffd3a5', '#1d4e89'], "Runner's knee"],
  ['cover-desk-back', ['#6a8caf', '#c9d6df', '#2b4c6f'], 'Desk back'],
  ['cover-acl-rehab', ['#355c7d', '#f8b195', '#2a3d54'], 'ACL rehab'],
  ['cover-warm-up', ['#f6d365', '#fda085', '#22577a'], 'Warm-up'],
  ['cover-sciatica', ['#8e9aaf', '#efd3d7', '#3d405b'], 'Sciatica'],
  ['cover-sleep', ['#141e30', '#4b6584', '#0f2027'], 'Sleep'],
  ['cover-shockwave', ['#43cea2', '#c3f0ca', '#185a9d'], 'Shockwave'],
  ['cover-pilates', ['#ee9ca7', '#ffdde1', '#5c2a4d'], 'Pilates'],
  ['cover-hamstring', ['#de6262', '#ffb88c', '#2c3e50'], 'Hamstrings'],
]

const PRODUCTS: [string, string, string, string][] = [
  ['product-foam-roller', 'roller', '#cfe8ef', 'Foam roller'],
  ['product-resistance-bands', 'bands', '#fde8d7', 'Resistance bands'],
  ['product-massage-balls', 'balls', '#e7e3f4', 'Massage balls'],
  ['product-balance-board', 'board', '#efe6dc', 'Balance board'],
  ['product-hot-cold-pack', 'pack', '#e3f0fa', 'Hot & cold pack'],
  ['product-exercise-mat', 'mat', '#e6f2dc', 'Exercise mat'],
]

async function write(name: string, svg: string, quality = 72) {
  await sharp(Buffer.from(svg))
    .jpeg({ quality, mozjpeg: true })
    .toFile(path.join(OUT, `${name}.jpg`))
}

async function main() {
  await fs.mkdir(OUT, { recursive: true })
  for (const [name, palette, title] of COVERS)
    await write(name, coverSvg(1200, 800, palette, title))
  await write('hero-harbor', coverSvg(1600, 900, ['#0f3057', '#00587a', '#008891'], ''), 68)
  for (const [name, shape, background, title] of PRODUCTS) {
    await write(name, productSvg(shape, background, title))
  }
  await write('avatar-lena-vogel', avatarSvg('LV', ['#1d4e89', '#43cea2']))
  await write('avatar-marco-rossi', avatarSvg('MR', ['#e4572e', '#f3a712']))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
