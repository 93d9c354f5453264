/**
 * Everyday words a person types when looking for a product or service code, and the words the
 * SAT's c_ClaveProdServ uses for the same thing ("renta" is "arrendamiento" or "alquiler" there,
 * "consultoría" is mostly "asesoría" or "asesoramiento"). The package's own short list, written by
 * hand; the SAT's "palabras similares" column, searched too, covers many more.
 *
 * Keys and values are folded (lower case, no accents), as the search compares them.
 */
export const SEARCH_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
	consultoria: ['asesoria', 'asesoramiento', 'consultor'],
	asesoria: ['asesoramiento', 'consultoria'],
	sistemas: ['informatica', 'tecnologias de la informacion', 'software', 'computo'],
	informatica: ['sistemas', 'tecnologias de la informacion', 'software', 'computo'],
	computadora: ['computador', 'computo'],
	renta: ['arrendamiento', 'alquiler'],
	alquiler: ['arrendamiento', 'renta'],
	arrendamiento: ['alquiler', 'renta'],
	oficina: ['instalaciones comerciales', 'local comercial'],
	local: ['instalaciones comerciales'],
	envio: ['entrega', 'mensajeria', 'paqueteria', 'flete'],
	mensajeria: ['paqueteria', 'entrega'],
	paqueteria: ['mensajeria', 'entrega'],
	flete: ['transporte de carga'],
	diseno: ['disenador'],
	desarrollo: ['programacion', 'codificacion'],
	programacion: ['desarrollo', 'codificacion'],
	capacitacion: ['entrenamiento', 'formacion', 'curso'],
	curso: ['capacitacion', 'entrenamiento'],
	publicidad: ['marketing', 'mercadotecnia', 'anuncio'],
	marketing: ['publicidad', 'mercadotecnia'],
	contabilidad: ['contable', 'contaduria'],
	contable: ['contabilidad', 'contaduria'],
	honorarios: ['servicios profesionales'],
	mantenimiento: ['reparacion'],
	reparacion: ['mantenimiento'],
	limpieza: ['aseo'],
	comida: ['alimentos', 'comidas'],
	hospedaje: ['alojamiento', 'hotel'],
};
