import type { IGatsbyImageData } from 'gatsby-plugin-image'
import type { SiteImage } from './site-view'

// React 18 knows the attribute only in lowercase; the camel-case prop would warn.
const highPriority = { fetchpriority: 'high' } as Record<string, string>

/**
 * The sizes and formats gatsby-plugin-image made at build, as a plain `<picture>`. Its own
 * component hydrates each image through a chunk holding react-dom/server (23 KB gzip on every
 * post page) to show what the browser already shows: responsive sources with width and height.
 */
function ProcessedImage({
  data,
  alt,
  className,
  eager,
}: {
  data: IGatsbyImageData
  alt: string
  className?: string
  eager: boolean
}) {
  const { fallback, sources = [] } = data.images
  return (
    <picture>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={fallback?.sizes}
        width={data.width}
        height={data.height}
        alt={alt}
        className={className}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        // The dominant colour the build picked holds the place until the image arrives.
        style={data.backgroundColor ? { backgroundColor: data.backgroundColor } : undefined}
        {...(eager ? highPriority : {})}
      />
    </picture>
  )
}

/**
 * An image the build processed (responsive, lazy, with width and height), or, in a preview of a
 * draft, the original file with its known size so nothing shifts while it loads. `eager` is for
 * the image that is the page's largest element: fetched at once, ahead of other images.
 */
export function ContentImageView({
  image,
  className,
  eager = false,
}: {
  image: SiteImage
  className?: string
  eager?: boolean
}) {
  const processed = image.localFile?.childImageSharp?.gatsbyImageData
  if (processed) {
    return <ProcessedImage data={processed} alt={image.alt} className={className} eager={eager} />
  }
  return (
    <img
      src={image.url}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      className={className}
      {...(eager ? highPriority : {})}
    />
  )
}
