// Written by scripts/demo-images.mjs: the demo's pictures, named by their content hash.
export const DEMO_IMAGES = {
  beans: "/demo/beans.8423827e4b.jpg",
  grinder: "/demo/grinder.256d04229d.jpg",
  massage: "/demo/massage.dcf51c5b72.jpg",
  membership: "/demo/membership.9d28010366.jpg",
  oil: "/demo/oil.c92c0a3622.jpg",
  pool: "/demo/pool.18eb89b1f9.jpg",
  specialistHuda: "/demo/specialist-huda.8fc9c02393.jpg",
  specialistNoura: "/demo/specialist-noura.4ed25a9e38.jpg",
  specialistReem: "/demo/specialist-reem.750556b220.jpg",
  specialistSara: "/demo/specialist-sara.1381bee86d.jpg",
} as const;
