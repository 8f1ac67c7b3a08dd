/** Indonesian administrative areas (contract §9), from the idn-area-data package. */
export interface Province {
  code: string;
  name: string;
}
export interface Regency {
  code: string;
  provinceCode: string;
  name: string;
}
export interface District {
  code: string;
  regencyCode: string;
  name: string;
}
