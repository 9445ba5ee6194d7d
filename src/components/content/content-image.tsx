import { GatsbyImage } from 'gatsby-plugin-image'
import type { SiteImage } from './site-view'

/**
 * An image the build processed (responsive, lazy, with width and height), or, in a preview of a
 * draft, the original file with its known size so nothing shifts while it loads.
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
    return (
      <GatsbyImage
        image={processed}
        alt={image.alt}
        className={className}
        loading={eager ? 'eager' : 'lazy'}
      />
    )
  }
  return (
    <img
      src={image.url}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? 'eager' : 'lazy'}
      className={className}
    />
  )
}
