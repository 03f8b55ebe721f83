#!/usr/bin/env node
// Regenerate eval/corpus/jvm.jsonl: real errors thrown by JDK modules (read from the JDK's
// src.zip: openjdk-17-source) and by a Kotlin library of errdex's own (eval/jvm-kit, compiled with
// Debian's kotlinc), with their true sites.
//
//   node eval/gen/jvm_cases.mjs [--only ID_PREFIX] [--verbose]
//
// Every case is a Java snippet. All are compiled into one class (Cases, a static method each) and
// run by one JVM: each case runs in a fresh thread named "main" whose uncaught error the JVM's
// default handler prints (`Exception in thread "main" …`, as an uncaught error of a program's
// main thread prints), with System.err captured. The runner records the propagated error's class,
// getMessage() and stack (StackTraceElement: class, method, file, line, module). The site is the
// innermost frame in the case's root (a JDK module, or the kit's classes), after stepping over the
// `<init>` frames of the error's own classes: where the object was constructed. Frames of other
// modules may come before it (a call into java.base: a `native` case). Cases whose error has no
// message, no frame in the root, or whose error comes from the snippet itself, are skipped.
// The reserved JDK modules (java.base, java.sql, java.xml) are never a case's root.
// eval/gen/classify.mjs gives each case its category and kind.

import { Buffer } from 'node:buffer';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { classifyAll } from './classify.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = dirname(dirname(HERE));
const OUT = join(REPO, 'eval', 'corpus', 'jvm.jsonl');
const WORK = '/tmp/errdex-eval-jvm';
const KIT_CACHE = '/tmp/errdex-eval-jvm-kit';
const JDK = '/usr/lib/jvm/java-17-openjdk-amd64';
export const SRC_ZIP = `${JDK}/lib/src.zip`;
const KIT = join(REPO, 'eval', 'jvm-kit');
const KIT_SRC = 'src/main/kotlin';
const KOTLIN_STDLIB = '/usr/share/java/kotlin-stdlib.jar';
const RESERVED = new Set(['java.base', 'java.sql', 'java.xml']);
// Incubator modules are resolved only when named (each run prints a warning on the JVM's own stderr).
const INCUBATOR = ['--add-modules', 'jdk.incubator.vector,jdk.incubator.foreign'];
// Round 7's modules export the packages its cases call only to other JDK modules: opened to the
// snippet (the JVM resolves these modules with or without the flags; no other case changes).
const EXPORTS = [
  'jdk.jlink/jdk.tools.jlink.internal.plugins', 'jdk.jcmd/sun.tools.jstat', 'jdk.jcmd/sun.tools.jps',
  'jdk.internal.jvmstat/sun.jvmstat.monitor',
].flatMap((p) => ['--add-exports', `${p}=ALL-UNNAMED`]);
// Round 8's modules, the same way (jdk.jdeps's javap, class-file reader and jdeprscan; jdk.management.agent's
// discovery protocol; jdk.hotspot.agent's utilities; jdk.internal.le's line reader; jdk.internal.vm.ci's
// metadata), none of which the JVM resolves for the unnamed module unless named.
const EXPORTS8 = [
  'jdk.jdeps/com.sun.tools.javap', 'jdk.jdeps/com.sun.tools.classfile', 'jdk.jdeps/com.sun.tools.jdeprscan',
  'jdk.management.agent/sun.management.jdp', 'jdk.hotspot.agent/sun.jvm.hotspot.utilities',
  'jdk.hotspot.agent/sun.jvm.hotspot', 'jdk.internal.le/jdk.internal.org.jline.reader',
  'jdk.internal.le/jdk.internal.org.jline.reader.impl', 'jdk.internal.vm.ci/jdk.vm.ci.common',
  'jdk.internal.vm.ci/jdk.vm.ci.meta',
].flatMap((p) => ['--add-exports', `${p}=ALL-UNNAMED`]);
const MODULES8 = 'jdk.jdeps,jdk.management.agent,jdk.hotspot.agent,jdk.internal.le,jdk.internal.vm.ci';
// Round 9's modules: jdk.internal.opt (joptsimple) and jdk.jconsole's inspector export their packages to no
// one; java.instrument's InstrumentationImpl is made by the JVM for an agent, so the snippet opens it.
const EXPORTS9 = [
  'jdk.internal.opt/jdk.internal.joptsimple', 'jdk.jconsole/sun.tools.jconsole.inspector',
].flatMap((p) => ['--add-exports', `${p}=ALL-UNNAMED`]);
const MODULES9 = 'jdk.internal.opt,jdk.jconsole';
const OPENS9 = ['--add-opens', 'java.instrument/sun.instrument=ALL-UNNAMED'];
// Round 11's modules: jdk.accessibility's utilities and jdk.jstatd's RMI monitored-host provider (found by
// jdk.internal.jvmstat's service loader) are resolved only when named.
const MODULES11 = 'jdk.accessibility,jdk.jstatd';
// Round 12's library: OpenJFX as Debian ships it (libopenjfx-java's modular jars, openjfx-source's src.zip), on the
// module path; round 13 adds javafx.controls (only its classes that are not nodes run without a toolkit).
const FX_SRC_ZIP = '/usr/share/openjfx/lib/src.zip';
const FX_MODULES = ['javafx.base', 'javafx.graphics', 'javafx.fxml', 'javafx.controls', 'javafx.media'];
const FX_FLAGS = ['--module-path', FX_MODULES.map((m) => `/usr/share/java/${m.replace('.', '-')}.jar`).join(':'), '--add-modules', FX_MODULES.join(',')];
// Round 14's library: BeanShell 2.0b4 as Debian ships it (bsh's jar has no line numbers, so its sources, bsh-src's
// tarball unpacked where eval/setup.sh puts it, are compiled with -g ahead of the jar, which keeps its bundled ASM).
const BSH_TGZ = '/usr/src/bsh-src/bsh.tar.gz';
const BSH_TREE = '/usr/local/share/errdex-eval/bsh';
const BSH_JAR = '/usr/share/java/bsh.jar';
// Round 16's module: jdk.jpackage (resolved only when named), whose classes the snippet calls reflectively
// (package-private, so its two packages are opened to the snippet at run time only).
const MODULES16 = 'jdk.jpackage';
const OPENS16 = ['jdk.jpackage/jdk.jpackage.internal', 'jdk.jpackage/jdk.jpackage.main'].flatMap((p) => ['--add-opens', `${p}=ALL-UNNAMED`]);
const JVM_FLAGS = [...INCUBATOR, '--add-modules', `jdk.jlink,jdk.jcmd,jdk.internal.jvmstat,${MODULES8},${MODULES9},${MODULES11},${MODULES16}`, ...EXPORTS, ...EXPORTS8, ...EXPORTS9, ...FX_FLAGS];

/** @type {{root: string, code: string}[]} */
const CASES = [];
/** A case whose site is in the JDK module `module`. */
const jdk = (module, code) => {
  if (RESERVED.has(module)) throw new Error(`${module} is reserved`);
  CASES.push({ root: module, code: code.trim() });
};
/** A case whose site is in the OpenJFX module `module` (Debian's openjfx-source). */
const fx = (module, code) => CASES.push({ root: module, fx: true, code: code.trim() });
/** A case whose site is in BeanShell (Debian's bsh-src, package `bsh`). */
const bsh = (code) => CASES.push({ root: 'bsh', deb: true, code: code.trim() });
/** A case whose site is in the Kotlin kit. */
const kit = (code) => CASES.push({ root: 'kit', code: code.trim() });

// ---------------------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------------------
// --- java.desktop: javax.swing.text -----------------------------------------------------
jdk('java.desktop', `new javax.swing.text.GapContent().remove(5, 10);`);
jdk('java.desktop', `new javax.swing.text.GapContent().insertString(-1, "x");`);
jdk('java.desktop', `new javax.swing.text.GapContent().getString(3, 40);`);
jdk('java.desktop', `new javax.swing.text.StringContent().remove(2, 9);`);
jdk('java.desktop', `new javax.swing.text.StringContent().insertString(7, "x");`);
jdk('java.desktop', `new javax.swing.text.PlainDocument().remove(0, 5);`);
jdk('java.desktop', `new javax.swing.text.PlainDocument().getText(5, 2);`);
jdk('java.desktop', `new javax.swing.text.PlainDocument().insertString(9, "abc", null);`);
jdk('java.desktop', `new javax.swing.text.MaskFormatter("##-##").stringToValue("1a-22");`);
jdk('java.desktop', `new javax.swing.text.MaskFormatter("UU").stringToValue("abc");`);
jdk('java.desktop', `new javax.swing.text.DefaultStyledDocument().getText(-1, 3);`);
jdk('java.desktop', `javax.swing.text.Utilities.getWordStart(new javax.swing.JTextField(""), 7);`);
jdk('java.desktop', `new javax.swing.text.html.HTMLDocument().remove(0, 3);`);
jdk('java.desktop', `new javax.swing.text.TabSet(new javax.swing.text.TabStop[0]).getTab(2);`);
// --- java.desktop: java.awt and java.awt.geom ---------------------------------------------
jdk('java.desktop', `new java.awt.geom.AffineTransform(0, 0, 0, 0, 1, 1).createInverse();`);
jdk('java.desktop', `new java.awt.geom.AffineTransform(0, 0, 0, 0, 1, 1).inverseTransform(new java.awt.geom.Point2D.Double(1, 2), null);`);
jdk('java.desktop', `new java.awt.geom.Path2D.Double().lineTo(1, 1);`);
jdk('java.desktop', `new java.awt.geom.GeneralPath().quadTo(1, 1, 2, 2);`);
jdk('java.desktop', `new java.awt.geom.Path2D.Float(7);`);
jdk('java.desktop', `new java.awt.geom.Arc2D.Double(0, 0, 1, 1, 0, 90, 7);`);
jdk('java.desktop', `new java.awt.Color(300, 0, 0);`);
jdk('java.desktop', `new java.awt.Color(0.5f, 2f, 0f, 1f);`);
jdk('java.desktop', `new java.awt.BasicStroke(-1f);`);
jdk('java.desktop', `new java.awt.BasicStroke(1f, 9, java.awt.BasicStroke.JOIN_MITER);`);
jdk('java.desktop', `new java.awt.GridLayout(0, 0);`);
jdk('java.desktop', `new java.awt.image.BufferedImage(0, 5, java.awt.image.BufferedImage.TYPE_INT_RGB);`);
jdk('java.desktop', `new java.awt.image.BufferedImage(4, 4, 99);`);
jdk('java.desktop', `new java.awt.image.Kernel(2, 2, new float[1]);`);
jdk('java.desktop', `new java.awt.LinearGradientPaint(0f, 0f, 1f, 1f, new float[] {0.5f, 0.2f}, new java.awt.Color[] {java.awt.Color.RED, java.awt.Color.BLUE});`);
jdk('java.desktop', `new java.awt.LinearGradientPaint(0f, 0f, 1f, 1f, new float[] {0f, 1f}, new java.awt.Color[] {java.awt.Color.RED});`);
jdk('java.desktop', `java.awt.Font.createFont(99, new java.io.ByteArrayInputStream(new byte[4]));`);
jdk('java.desktop', `java.awt.Font.createFont(java.awt.Font.TRUETYPE_FONT, new java.io.ByteArrayInputStream(new byte[4]));`);
jdk('java.desktop', `new java.awt.image.ColorConvertOp(null).filter((java.awt.image.BufferedImage) null, null);`);
jdk('java.desktop', `new java.awt.CardLayout().show(new java.awt.Panel(), "x");`);
jdk('java.desktop', `new java.awt.Panel().add(new java.awt.Panel(), 5);`);
// --- java.desktop: java.beans, javax.imageio, javax.sound ------------------------------------
jdk('java.desktop', `new java.beans.PropertyDescriptor("nope", Object.class);`);
jdk('java.desktop', `new java.beans.PropertyDescriptor("", Object.class);`);
jdk('java.desktop', `new java.beans.Statement(new Object(), "nope", new Object[0]).execute();`);
jdk('java.desktop', `java.beans.EventHandler.create(Runnable.class, new Object(), "missingAction").run();`);
jdk('java.desktop', `javax.imageio.ImageIO.read((java.io.File) null);`);
jdk('java.desktop', `javax.imageio.ImageIO.write(new java.awt.image.BufferedImage(1, 1, 1), "png", (java.io.File) null);`);
jdk('java.desktop', `javax.imageio.ImageIO.getImageReadersByFormatName(null);`);
jdk('java.desktop', `new javax.imageio.ImageReadParam().setSourceRegion(new java.awt.Rectangle(-1, 0, 1, 1));`);
jdk('java.desktop', `new javax.imageio.ImageReadParam().setSourceSubsampling(0, 1, 0, 0);`);
jdk('java.desktop', `new javax.imageio.ImageWriteParam(null).setCompressionMode(javax.imageio.ImageWriteParam.MODE_EXPLICIT);`);
jdk('java.desktop', `new javax.imageio.IIOImage((java.awt.image.RenderedImage) null, null, null);`);
jdk('java.desktop', `javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(new byte[0])).getWidth();`);
jdk('java.desktop', `new javax.imageio.metadata.IIOMetadataNode("a").removeChild(new javax.imageio.metadata.IIOMetadataNode("b"));`);
jdk('java.desktop', `javax.sound.sampled.AudioSystem.getAudioInputStream(new java.io.ByteArrayInputStream(new byte[64]));`);
jdk('java.desktop', `new javax.sound.sampled.AudioFormat(44100f, 16, 2, true, false).getEncoding().toString().charAt(99);`);
jdk('java.desktop', `javax.sound.midi.MidiSystem.getSequence(new java.io.ByteArrayInputStream(new byte[16]));`);
jdk('java.desktop', `new javax.sound.midi.ShortMessage().setMessage(0x90, 200, 1);`);
jdk('java.desktop', `new javax.sound.midi.MetaMessage().setMessage(200, new byte[0], 0);`);
// --- java.net.http --------------------------------------------------------------------------
jdk('java.net.http', `java.net.http.HttpRequest.newBuilder().uri(java.net.URI.create("ftp://example.com/"));`);
jdk('java.net.http', `java.net.http.HttpRequest.newBuilder().header("bad name", "v");`);
jdk('java.net.http', `java.net.http.HttpRequest.newBuilder().header("Host", "example.com");`);
jdk('java.net.http', `java.net.http.HttpRequest.newBuilder().timeout(java.time.Duration.ofSeconds(-1));`);
jdk('java.net.http', `java.net.http.HttpRequest.newBuilder().method("GE T", java.net.http.HttpRequest.BodyPublishers.noBody());`);
jdk('java.net.http', `java.net.http.HttpRequest.newBuilder().build();`);
jdk('java.net.http', `java.net.http.HttpClient.newBuilder().connectTimeout(java.time.Duration.ZERO);`);
jdk('java.net.http', `java.net.http.HttpClient.newBuilder().priority(300);`);
jdk('java.net.http', `java.net.http.HttpRequest.newBuilder().uri(java.net.URI.create("http:/nohost"));`);
jdk('java.net.http', `java.net.http.HttpRequest.newBuilder().setHeader("X-A", "a\\nb");`);
// --- java.logging ---------------------------------------------------------------------------
jdk('java.logging', `java.util.logging.Level.parse("LOUD");`);
jdk('java.logging', `new java.util.logging.FileHandler("");`);
jdk('java.logging', `new java.util.logging.MemoryHandler(new java.util.logging.ConsoleHandler(), 0, java.util.logging.Level.ALL);`);
jdk('java.logging', `new java.util.logging.FileHandler("/tmp/x%u.log", 0, -1);`);
jdk('java.logging', `java.util.logging.LogManager.getLogManager().readConfiguration(new java.io.ByteArrayInputStream("handlers=\\\\u00zz".getBytes()));`);
// --- java.prefs -----------------------------------------------------------------------------
jdk('java.prefs', `java.util.prefs.Preferences.userRoot().node("a//b");`);
jdk('java.prefs', `java.util.prefs.Preferences.userRoot().node("errdex/x/");`);
jdk('java.prefs', `java.util.prefs.Preferences.userRoot().put("k".repeat(100), "v");`);
jdk('java.prefs', `java.util.prefs.Preferences.userRoot().node("n".repeat(90));`);
jdk('java.prefs', `java.util.prefs.Preferences.userRoot().removeNode();`);
jdk('java.prefs', `java.util.prefs.Preferences.userRoot().put("k", "v".repeat(9000));`);
jdk('java.prefs', `java.util.prefs.Preferences.importPreferences(new java.io.ByteArrayInputStream("<not-xml".getBytes()));`);
// --- java.naming ----------------------------------------------------------------------------
jdk('java.naming', `new javax.naming.ldap.LdapName("not a dn");`);
jdk('java.naming', `new javax.naming.ldap.Rdn("nokey");`);
jdk('java.naming', `javax.naming.ldap.Rdn.unescapeValue("\\\\zz");`);
jdk('java.naming', `new javax.naming.CompositeName("a/\\"b");`);
jdk('java.naming', `new javax.naming.InitialContext().lookup("x");`);
jdk('java.naming', `new javax.naming.ldap.LdapName("cn=a").getPrefix(5);`);
jdk('java.naming', `new javax.naming.directory.BasicAttributes().get(null);`);
// --- java.management ------------------------------------------------------------------------
jdk('java.management', `new javax.management.ObjectName("bad");`);
jdk('java.management', `new javax.management.ObjectName("d:k");`);
jdk('java.management', `new javax.management.ObjectName("d:k=v,k=w");`);
jdk('java.management', `new javax.management.ObjectName("d:=v");`);
jdk('java.management', `javax.management.ObjectName.unquote("x");`);
jdk('java.management', `new javax.management.openmbean.CompositeType("t", "d", new String[] {"a"}, new String[] {"a", "b"}, new javax.management.openmbean.OpenType<?>[] {javax.management.openmbean.SimpleType.STRING});`);
jdk('java.management', `new javax.management.openmbean.CompositeDataSupport(new javax.management.openmbean.CompositeType("t", "d", new String[] {"a"}, new String[] {"a"}, new javax.management.openmbean.OpenType<?>[] {javax.management.openmbean.SimpleType.STRING}), new String[] {"a"}, new Object[] {5});`);
jdk('java.management', `new javax.management.openmbean.ArrayType<Object>(0, javax.management.openmbean.SimpleType.STRING);`);
jdk('java.management', `java.lang.management.ManagementFactory.newPlatformMXBeanProxy(java.lang.management.ManagementFactory.getPlatformMBeanServer(), "bad:name=x", java.lang.management.MemoryMXBean.class);`);
// --- jdk.httpserver, java.scripting, java.datatransfer, jdk.compiler, java.rmi ----------------
jdk('jdk.httpserver', `com.sun.net.httpserver.HttpServer.create().createContext("nopath");`);
jdk('jdk.httpserver', `com.sun.net.httpserver.HttpServer s = com.sun.net.httpserver.HttpServer.create(); s.createContext("/x"); s.createContext("/x");`);
jdk('jdk.httpserver', `com.sun.net.httpserver.HttpServer.create().removeContext("/none");`);
jdk('jdk.httpserver', `com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress(0), 0).stop(-1);`);
jdk('java.scripting', `new javax.script.SimpleScriptContext().setAttribute("a", 1, 100);`);
jdk('java.scripting', `new javax.script.SimpleBindings().put("", 1);`);
jdk('java.scripting', `new javax.script.SimpleScriptContext().getAttribute("", javax.script.ScriptContext.ENGINE_SCOPE);`);
jdk('java.datatransfer', `new java.awt.datatransfer.DataFlavor("text/plain; class=no.such.Klass");`);
jdk('java.datatransfer', `new java.awt.datatransfer.DataFlavor("text");`);
jdk('java.datatransfer', `new java.awt.datatransfer.DataFlavor("text/plain; charset");`);
jdk('jdk.compiler', `javax.tools.ToolProvider.getSystemJavaCompiler().getTask(null, null, null, java.util.List.of("-bogus"), null, null);`);
jdk('jdk.compiler', `javax.tools.ToolProvider.getSystemJavaCompiler().getStandardFileManager(null, null, null).getJavaFileObjectsFromStrings(java.util.List.of("/no/such/File.java")).iterator().next().getCharContent(true);`);
jdk('java.rmi', `java.rmi.server.RMIClassLoader.loadClass("not a url", "x.Y");`);
jdk('java.rmi', `java.rmi.Naming.lookup("//host:notaport/name");`);
// --- the Kotlin kit (eval/jvm-kit) ----------------------------------------------------------
kit(`org.errdex.kit.Config.Companion.parse("a = 1\\nb = 2").string("c");`);
kit(`org.errdex.kit.Config.Companion.parse("port = x").integer("port");`);
kit(`org.errdex.kit.Config.Companion.parse("debug = maybe").flag("debug");`);
kit(`org.errdex.kit.Config.Companion.parse("port = 99999").port("port");`);
kit(`org.errdex.kit.Config.Companion.parse("   ");`);
kit(`org.errdex.kit.Config.Companion.parse("a = 1\\nnot a pair");`);
kit(`org.errdex.kit.Config.Companion.parse("= 5");`);
kit(`org.errdex.kit.Config.Companion.parse("a = 1\\nb = 2\\na = 3");`);
kit(`org.errdex.kit.UnitsKt.parseDuration("5 minutes");`);
kit(`org.errdex.kit.UnitsKt.parseDuration("5w");`);
kit(`org.errdex.kit.UnitsKt.parseSize("12MB");`);
kit(`org.errdex.kit.UnitsKt.parseSize("12 PB");`);
kit(`org.errdex.kit.UnitsKt.clamp(5, 10, 1);`);
kit(`org.errdex.kit.UnitsKt.clamp(50, 1, 10);`);
kit(`org.errdex.kit.UnitsKt.percent(Double.NaN);`);
kit(`org.errdex.kit.UnitsKt.percent(140.0);`);
kit(`new org.errdex.kit.Tokenizer("1 + ").all();`);
kit(`new org.errdex.kit.Tokenizer("a # b").all();`);
kit(`new org.errdex.kit.Tokenizer("(1 + 2").all();`);
kit(`new org.errdex.kit.Tokenizer("((((((((((1))))))))))").all();`);
kit(`new org.errdex.kit.Tokenizer("1.2.3").all();`);
kit(`new org.errdex.kit.Tokenizer("lambda x").all();`);
kit(`new org.errdex.kit.Tokenizer("\\"abc").all();`);
kit(`new org.errdex.kit.Tokenizer("\\"a\\\\q\\"").all();`);
kit(`new org.errdex.kit.Tokenizer("\\"a\\\\").all();`);
kit(`org.errdex.kit.Tokenizer t = new org.errdex.kit.Tokenizer("1"); t.close(); t.next();`);
kit(`org.errdex.kit.Hex.INSTANCE.decode("abc");`);
kit(`org.errdex.kit.Hex.INSTANCE.decode("zz");`);
kit(`org.errdex.kit.Ids.INSTANCE.parse(null);`);
kit(`org.errdex.kit.Ids.INSTANCE.parse("user-7");`);
kit(`org.errdex.kit.Ids.INSTANCE.parse("id-x");`);
kit(`org.errdex.kit.Ids.INSTANCE.version("1.2");`);
kit(`org.errdex.kit.Ids.INSTANCE.version("1.x.3");`);
kit(`org.errdex.kit.CodecKt.retry(0, () -> kotlin.Unit.INSTANCE);`);
kit(`org.errdex.kit.CodecKt.retry(2, () -> { throw new IllegalStateException("backend down"); });`);
// --- held-out set (round 27): JDK modules measured before any tuning ---------------------
jdk('java.smartcardio', `new javax.smartcardio.CommandAPDU(new byte[] {0x00, (byte) 0xA4});`);
jdk('java.smartcardio', `new javax.smartcardio.ResponseAPDU(new byte[] {(byte) 0x90});`);
jdk('java.smartcardio', `new javax.smartcardio.CommandAPDU(0x00, 0xA4, 0x04, 0x00, new byte[] {1, 2}, -1);`);
jdk('java.smartcardio', `new javax.smartcardio.CommandAPDU(0x00, 0xB0, 0x00, 0x00, 70000);`);
jdk('java.security.jgss', `new org.ietf.jgss.Oid("kerberos-v5");`);
jdk('java.security.jgss', `new javax.security.auth.kerberos.ServicePermission("krbtgt/EXAMPLE.COM@EXAMPLE.COM", "impersonate");`);
jdk('java.security.jgss', `new javax.security.auth.kerberos.DelegationPermission("host/a.example.com@EXAMPLE.COM");`);
jdk('java.security.jgss', `new javax.security.auth.kerberos.KerberosPrincipal("alice@EXAMPLE.COM", 99);`);
jdk('jdk.security.auth', `new com.sun.security.auth.UserPrincipal(null);`);
jdk('jdk.security.auth', `new com.sun.security.auth.UnixNumericUserPrincipal("alice");`);
jdk('jdk.security.auth', `new com.sun.security.auth.NTSid("");`);
jdk('java.instrument', `new java.lang.instrument.ClassDefinition(null, new byte[0]);`);
jdk('jdk.jfr', `new jdk.jfr.Recording().stop();`);
jdk('jdk.jfr', `new jdk.jfr.Recording().setMaxAge(java.time.Duration.ofSeconds(-30));`);
jdk('jdk.jfr', `jdk.jfr.Configuration.getConfiguration("continuous");`);
jdk('jdk.jfr', `jdk.jfr.consumer.RecordingFile.readAllEvents(java.nio.file.Path.of("/etc/hostname"));`);
jdk('jdk.zipfs', `java.nio.file.FileSystems.newFileSystem(java.nio.file.Path.of("/etc/hostname"));`);
jdk('jdk.crypto.ec', `java.security.KeyPairGenerator.getInstance("EC").initialize(17);`);
jdk('jdk.crypto.ec', `java.security.KeyPairGenerator.getInstance("EC").initialize(new java.security.spec.ECGenParameterSpec("secp999r1"));`);
jdk('java.security.sasl', `javax.security.sasl.Sasl.createSaslServer("DIGEST-MD5", "ldap", "ldap.example.com", java.util.Map.of("javax.security.sasl.qop", "paranoid"), callbacks -> { });`);
jdk('java.security.sasl', `javax.security.sasl.Sasl.createSaslClient(new String[] {"CRAM-MD5"}, null, "imap", "mail.example.com", null, callbacks -> { }).evaluateChallenge(new byte[0]);`);
jdk('jdk.management', `java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class).setVMOption("NoSuchFlag", "1");`);
jdk('jdk.management', `java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class).getVMOption("NoSuchFlag");`);
jdk('jdk.management', `java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class).dumpHeap("/tmp/errdex-eval-jvm/heap.bin", true);`);
jdk('jdk.management', `java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class).setVMOption("PrintCompilation", "1");`);
// (second batch, same round: more not-at-raise shapes)
jdk('jdk.jfr', `jdk.jfr.consumer.RecordingFile.readAllEvents(java.nio.file.Path.of("/tmp/errdex-eval-jvm/missing.jfr"));`);
jdk('jdk.jfr', `jdk.jfr.Configuration.create(java.nio.file.Path.of("/etc/hostname"));`);
jdk('jdk.jfr', `new jdk.jfr.Recording().setSettings(null);`);
jdk('jdk.jfr', `new jdk.jfr.Recording().setDestination(java.nio.file.Path.of("/nonexistent-dir/out.jfr"));`);
jdk('jdk.management', `java.lang.management.ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class).dumpHeap("/nonexistent-dir/heap.hprof", true);`);
jdk('jdk.crypto.ec', `java.security.KeyFactory.getInstance("EC").generatePublic(new java.security.spec.X509EncodedKeySpec(new byte[] {1, 2, 3}));`);
jdk('jdk.crypto.ec', `java.security.Signature s = java.security.Signature.getInstance("SHA256withECDSA"); s.initVerify(java.security.KeyPairGenerator.getInstance("EC").generateKeyPair().getPublic()); s.update(new byte[4]); s.verify(new byte[] {0x30, 0x01});`);
jdk('jdk.crypto.ec', `javax.crypto.KeyAgreement ka = javax.crypto.KeyAgreement.getInstance("ECDH"); ka.init(java.security.KeyPairGenerator.getInstance("EC").generateKeyPair().getPrivate()); ka.generateSecret();`);
jdk('java.security.jgss', `new org.ietf.jgss.Oid(new byte[] {0x06, 0x05, 0x01});`);
jdk('java.security.jgss', `javax.security.auth.kerberos.KeyTab.getInstance(new java.io.File("/etc/hostname")).getKeys(new javax.security.auth.kerberos.KerberosPrincipal("a@B"));`);
jdk('java.security.jgss', `org.ietf.jgss.GSSManager.getInstance().createName("alice", new org.ietf.jgss.Oid("1.2.3.4"));`);
jdk('java.security.sasl', `javax.security.sasl.Sasl.createSaslClient(new String[] {"PLAIN"}, null, "smtp", "mail.example.com", null, callbacks -> { throw new javax.security.auth.callback.UnsupportedCallbackException(callbacks[0]); }).evaluateChallenge(new byte[0]);`);
jdk('jdk.security.auth', `new com.sun.security.auth.UnixNumericGroupPrincipal("wheel", true).longValue();`);
jdk('java.smartcardio', `new javax.smartcardio.CommandAPDU(new byte[] {0, (byte) 0xA4, 4, 0, 9, 1});`);
jdk('jdk.zipfs', `java.nio.file.FileSystems.newFileSystem(java.net.URI.create("jar:file:/tmp/errdex-eval-jvm/nope.zip"), java.util.Map.of("create", "true", "compressionMethod", "LZMA"));`);

// --- held-out set (round 3): JDK modules and a Kotlin parser measured before any tuning -------
jdk('jdk.dynalink', `new jdk.dynalink.NamespaceOperation(jdk.dynalink.StandardOperation.GET, new jdk.dynalink.Namespace[0]);`);
jdk('jdk.dynalink', `new jdk.dynalink.CallSiteDescriptor(java.lang.invoke.MethodHandles.publicLookup(), jdk.dynalink.StandardOperation.GET, java.lang.invoke.MethodType.methodType(Object.class)).changeMethodType(null);`);
jdk('jdk.dynalink', `new jdk.dynalink.DynamicLinkerFactory().setUnstableRelinkThreshold(-1);`);
jdk('jdk.dynalink', `jdk.dynalink.linker.support.Lookup.findOwnStatic(java.lang.invoke.MethodHandles.lookup(), "nope", void.class);`);
jdk('jdk.dynalink', `new jdk.dynalink.NamedOperation(jdk.dynalink.StandardOperation.GET, null);`);
jdk('jdk.naming.dns', `new javax.naming.directory.InitialDirContext(new java.util.Hashtable<>(java.util.Map.of("java.naming.factory.initial", "com.sun.jndi.dns.DnsContextFactory", "java.naming.provider.url", "dns://bad host/")));`);
jdk('jdk.naming.dns', `new javax.naming.directory.InitialDirContext(new java.util.Hashtable<>(java.util.Map.of("java.naming.factory.initial", "com.sun.jndi.dns.DnsContextFactory", "java.naming.provider.url", "ldap://x/")));`);
jdk('jdk.naming.dns', `new javax.naming.directory.InitialDirContext(new java.util.Hashtable<>(java.util.Map.of("java.naming.factory.initial", "com.sun.jndi.dns.DnsContextFactory", "java.naming.provider.url", "dns://127.0.0.1:1/"))).getAttributes("example.com", new String[] {"BOGUS"});`);
jdk('jdk.naming.dns', `new javax.naming.directory.InitialDirContext(new java.util.Hashtable<>(java.util.Map.of("java.naming.factory.initial", "com.sun.jndi.dns.DnsContextFactory", "java.naming.provider.url", "dns://127.0.0.1:1/"))).getNameParser("").parse("a..b");`);
jdk('jdk.naming.dns', `new javax.naming.directory.InitialDirContext(new java.util.Hashtable<>(java.util.Map.of("java.naming.factory.initial", "com.sun.jndi.dns.DnsContextFactory", "java.naming.provider.url", "dns://127.0.0.1:1/"))).getNameParser("").parse("a".repeat(70));`);
jdk('jdk.naming.dns', `new javax.naming.directory.InitialDirContext(new java.util.Hashtable<>(java.util.Map.of("java.naming.factory.initial", "com.sun.jndi.dns.DnsContextFactory", "java.naming.provider.url", "dns://127.0.0.1:1/", "com.sun.jndi.dns.timeout.initial", "soon")));`);
jdk('java.sql.rowset', `new javax.sql.rowset.serial.SerialBlob(new byte[3]).getBytes(0, 2);`);
jdk('java.sql.rowset', `new javax.sql.rowset.serial.SerialClob(new char[3]).getSubString(9, 1);`);
jdk('java.sql.rowset', `new javax.sql.rowset.serial.SerialBlob(new byte[3]).truncate(9);`);
jdk('java.sql.rowset', `javax.sql.rowset.RowSetProvider.newFactory().createCachedRowSet().getString(1);`);
jdk('java.sql.rowset', `javax.sql.rowset.CachedRowSet rs = javax.sql.rowset.RowSetProvider.newFactory().createCachedRowSet(); rs.setCommand("select 1"); rs.execute();`);
jdk('java.sql.rowset', `javax.sql.rowset.RowSetProvider.newFactory().createCachedRowSet().setPageSize(-1);`);
jdk('java.sql.rowset', `javax.sql.rowset.RowSetProvider.newFactory().createCachedRowSet().setMaxRows(-2);`);
jdk('java.sql.rowset', `javax.sql.rowset.RowSetProvider.newFactory().createCachedRowSet().setInt(0, 5);`);
jdk('java.sql.rowset', `javax.sql.rowset.RowSetProvider.newFactory("no.such.Factory", null);`);
jdk('java.sql.rowset', `new javax.sql.rowset.RowSetMetaDataImpl().getColumnName(3);`);
jdk('java.sql.rowset', `new javax.sql.rowset.serial.SerialArray(null);`);
jdk('jdk.jshell', `jdk.jshell.JShell.builder().executionEngine("bogus").build();`);
jdk('jdk.jshell', `jdk.jshell.JShell.builder().executionEngine("local(").build();`);
jdk('jdk.jdi', `com.sun.jdi.Bootstrap.virtualMachineManager().defaultConnector().defaultArguments().get("main").setValue(null);`);
jdk('jdk.jdi', `com.sun.jdi.connect.LaunchingConnector c = com.sun.jdi.Bootstrap.virtualMachineManager().defaultConnector(); java.util.Map<String, com.sun.jdi.connect.Connector.Argument> a = c.defaultArguments(); a.get("main").setValue(""); c.launch(a);`);
jdk('jdk.jdi', `com.sun.jdi.connect.ListeningConnector c = com.sun.jdi.Bootstrap.virtualMachineManager().listeningConnectors().get(0); java.util.Map<String, com.sun.jdi.connect.Connector.Argument> a = c.defaultArguments(); a.get("port").setValue("zz"); c.startListening(a);`);
jdk('jdk.jdi', `com.sun.jdi.connect.LaunchingConnector c = com.sun.jdi.Bootstrap.virtualMachineManager().defaultConnector(); java.util.Map<String, com.sun.jdi.connect.Connector.Argument> a = c.defaultArguments(); a.get("main").setValue("x"); a.get("quote").setValue("ab"); c.launch(a);`);
jdk('java.management.rmi', `new javax.management.remote.rmi.RMIConnector(new javax.management.remote.JMXServiceURL("service:jmx:rmi:///stub/AAAA"), null).connect();`);
jdk('java.management.rmi', `new javax.management.remote.rmi.RMIConnector(new javax.management.remote.JMXServiceURL("service:jmx:rmi:///ior/x"), null).connect();`);
jdk('java.management.rmi', `new javax.management.remote.rmi.RMIConnector((javax.management.remote.JMXServiceURL) null, null);`);
jdk('java.management.rmi', `new javax.management.remote.rmi.RMIConnectorServer(new javax.management.remote.JMXServiceURL("service:jmx:rmi://"), null).start();`);
jdk('java.management.rmi', `new javax.management.remote.rmi.RMIConnectorServer(new javax.management.remote.JMXServiceURL("service:jmx:iiop://"), null);`);
jdk('java.management.rmi', `new javax.management.remote.rmi.RMIConnector(new javax.management.remote.JMXServiceURL("service:jmx:rmi:///"), null).getConnectionId();`);
jdk('java.compiler', `javax.lang.model.SourceVersion.valueOf("RELEASE_99");`);
jdk('java.compiler', `javax.tools.StandardLocation.valueOf("NOPE");`);
jdk('java.compiler', `javax.lang.model.element.Modifier.valueOf("bogus");`);
jdk('java.compiler', `new javax.tools.SimpleJavaFileObject(java.net.URI.create("x"), javax.tools.JavaFileObject.Kind.SOURCE) { }.getCharContent(true);`);
kit(`new org.errdex.kit.RouteTable().parse("GET /a h");`);
kit(`new org.errdex.kit.RouteTable().parse("FETCH /a -> h");`);
kit(`new org.errdex.kit.RouteTable().parse("GET a -> h");`);
kit(`new org.errdex.kit.RouteTable().parse("GET /{id}/{id} -> h");`);
kit(`new org.errdex.kit.RouteTable().parse("GET /a -> h heavy");`);
kit(`new org.errdex.kit.RouteTable().parse("GET /a -> h 0");`);
kit(`new org.errdex.kit.RouteTable().parse("GET /a -> show").url("show");`);
kit(`org.errdex.kit.RouteTable t = new org.errdex.kit.RouteTable().parse("GET /a -> show"); t.setBase("/api"); t.url("edit");`);
kit(`org.errdex.kit.RouteTable t = new org.errdex.kit.RouteTable().parse("GET /users/{id} -> show"); t.setBase("/api"); t.url("show");`);
kit(`new org.errdex.kit.RouteTable().heaviest();`);

// --- held-out set (round 4): JDK modules not used before, and a Kotlin validator of errdex's own --
jdk('java.xml.crypto', `javax.xml.crypto.dsig.XMLSignatureFactory.getInstance("DOM").newDigestMethod("bogus", null);`);
jdk('java.xml.crypto', `javax.xml.crypto.dsig.XMLSignatureFactory.getInstance("DOM").newReference("", null);`);
jdk('java.xml.crypto', `new javax.xml.crypto.dsig.spec.XPathFilter2ParameterSpec(java.util.List.of());`);
jdk('java.xml.crypto', `javax.xml.crypto.dsig.keyinfo.KeyInfoFactory.getInstance("DOM").newKeyName(null);`);
jdk('java.xml.crypto', `javax.xml.crypto.dsig.keyinfo.KeyInfoFactory.getInstance("DOM").newKeyInfo(java.util.List.of());`);
jdk('java.xml.crypto', `javax.xml.crypto.dsig.XMLSignatureFactory.getInstance("DOM").unmarshalXMLSignature(new javax.xml.crypto.dom.DOMStructure(javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder().newDocument().createElement("Foo")));`);
jdk('jdk.management.jfr', `java.lang.management.ManagementFactory.getPlatformMXBean(jdk.management.jfr.FlightRecorderMXBean.class).startRecording(999);`);
jdk('jdk.management.jfr', `jdk.management.jfr.FlightRecorderMXBean b = java.lang.management.ManagementFactory.getPlatformMXBean(jdk.management.jfr.FlightRecorderMXBean.class); b.setRecordingOptions(b.newRecording(), java.util.Map.of("bogus", "x"));`);
jdk('jdk.management.jfr', `jdk.management.jfr.FlightRecorderMXBean b = java.lang.management.ManagementFactory.getPlatformMXBean(jdk.management.jfr.FlightRecorderMXBean.class); b.setRecordingOptions(b.newRecording(), java.util.Map.of("maxAge", "forever"));`);
jdk('jdk.management.jfr', `jdk.management.jfr.FlightRecorderMXBean b = java.lang.management.ManagementFactory.getPlatformMXBean(jdk.management.jfr.FlightRecorderMXBean.class); b.setRecordingOptions(b.newRecording(), java.util.Map.of("maxSize", "-5"));`);
jdk('jdk.management.jfr', `jdk.management.jfr.FlightRecorderMXBean b = java.lang.management.ManagementFactory.getPlatformMXBean(jdk.management.jfr.FlightRecorderMXBean.class); b.openStream(b.newRecording(), java.util.Map.of("blockSize", "0"));`);
jdk('jdk.jartool', `new jdk.security.jarsigner.JarSigner.Builder(java.security.KeyPairGenerator.getInstance("EC").generateKeyPair().getPrivate(), java.security.cert.CertificateFactory.getInstance("X.509").generateCertPath(java.util.List.of()));`);
jdk('jdk.attach', `com.sun.tools.attach.VirtualMachine.attach("nope");`);
jdk('jdk.attach', `com.sun.tools.attach.VirtualMachine.attach((String) null);`);
jdk('jdk.sctp', `com.sun.nio.sctp.SctpStandardSocketOptions.InitMaxStreams.create(-1, 5);`);
jdk('jdk.sctp', `com.sun.nio.sctp.MessageInfo.createOutgoing(null, -1);`);
jdk('jdk.sctp', `com.sun.nio.sctp.SctpChannel.open();`);
jdk('jdk.net', `jdk.net.Sockets.setOption(new java.net.Socket(), jdk.net.ExtendedSocketOptions.TCP_KEEPIDLE, -1);`);
jdk('jdk.crypto.cryptoki', `java.security.Security.getProvider("SunPKCS11").configure("/nonexistent.cfg");`);
jdk('jdk.crypto.cryptoki', `java.security.Security.getProvider("SunPKCS11").configure("--name=x\\nlibrary=/nope/lib.so\\n");`);
jdk('jdk.naming.rmi', `new javax.naming.InitialContext(new java.util.Hashtable<>(java.util.Map.of("java.naming.factory.initial", "com.sun.jndi.rmi.registry.RegistryContextFactory", "java.naming.provider.url", "rmi://host:bad/")));`);
jdk('jdk.naming.rmi', `new javax.naming.InitialContext(new java.util.Hashtable<>(java.util.Map.of("java.naming.factory.initial", "com.sun.jndi.rmi.registry.RegistryContextFactory", "java.naming.provider.url", "ldap://x/")));`);
jdk('jdk.unsupported', `sun.misc.Unsafe.getUnsafe();`);
kit(`new org.errdex.kit.Schema(java.util.Map.of("port", "int")).check(java.util.Map.of());`);
kit(`new org.errdex.kit.Schema(java.util.Map.of("port", "int")).check(java.util.Map.of("port", "eighty"));`);
kit(`new org.errdex.kit.Schema(java.util.Map.of("name", "text:3")).check(java.util.Map.of("name", "abcdef"));`);
kit(`new org.errdex.kit.Schema(java.util.Map.of("mode", "enum:fast|slow")).check(java.util.Map.of("mode", "medium"));`);
kit(`new org.errdex.kit.Schema(java.util.Map.of("x", "float")).check(java.util.Map.of("x", "1.5"));`);
kit(`new org.errdex.kit.Schema(java.util.Map.of("port", "int")).check(java.util.Map.of("port", "1", "host", "a"));`);
kit(`new org.errdex.kit.Loader(new org.errdex.kit.Schema(java.util.Map.of("port", "int"))).load("port=x");`);
kit(`new org.errdex.kit.Loader(new org.errdex.kit.Schema(java.util.Map.of("port", "int"))).load("port");`);
kit(`new org.errdex.kit.Loader(new org.errdex.kit.Schema(java.util.Map.of("port", "int"))).loadPort("port=70000");`);
kit(`new org.errdex.kit.Loader(new org.errdex.kit.Schema(java.util.Map.of("port", "int"))).weights("1, 2, x");`);

// --- held-out set (round 6): JDK modules not used before (the two incubator modules, jdk.javadoc,
// jdk.security.jgss), and a Kotlin form validator of errdex's own: messages built in helpers, in
// error classes, in bundles and maps, wrapped with their cause ----------------------------------
jdk('jdk.incubator.vector', `jdk.incubator.vector.ByteVector.SPECIES_128.broadcast(300L);`);
jdk('jdk.incubator.vector', `jdk.incubator.vector.VectorShuffle.fromValues(jdk.incubator.vector.IntVector.SPECIES_128, 0, 1, 2, 9).checkIndexes();`);
jdk('jdk.incubator.vector', `jdk.incubator.vector.IntVector.zero(jdk.incubator.vector.IntVector.SPECIES_128).convertShape(jdk.incubator.vector.VectorOperators.I2B, jdk.incubator.vector.ByteVector.SPECIES_128, 7);`);
jdk('jdk.incubator.vector', `jdk.incubator.vector.VectorShape.forBitSize(77);`);
jdk('jdk.incubator.vector', `jdk.incubator.vector.VectorSpecies.of(String.class, jdk.incubator.vector.VectorShape.S_128_BIT);`);
jdk('jdk.incubator.foreign', `jdk.incubator.foreign.MemoryLayout.structLayout(jdk.incubator.foreign.MemoryLayouts.JAVA_INT.withName("x")).byteOffset(jdk.incubator.foreign.MemoryLayout.PathElement.groupElement("y"));`);
jdk('jdk.incubator.foreign', `jdk.incubator.foreign.MemoryLayout.sequenceLayout(2, jdk.incubator.foreign.MemoryLayouts.JAVA_INT).byteOffset(jdk.incubator.foreign.MemoryLayout.PathElement.sequenceElement(5));`);
jdk('jdk.incubator.foreign', `jdk.incubator.foreign.MemoryLayouts.JAVA_INT.byteOffset(jdk.incubator.foreign.MemoryLayout.PathElement.sequenceElement(0));`);
jdk('jdk.incubator.foreign', `jdk.incubator.foreign.MemoryLayouts.JAVA_INT.withBitAlignment(3);`);
jdk('jdk.incubator.foreign', `jdk.incubator.foreign.MemoryLayout.sequenceLayout(jdk.incubator.foreign.MemoryLayouts.JAVA_INT).byteSize();`);
jdk('jdk.incubator.foreign', `jdk.incubator.foreign.MemorySegment.allocateNative(-4, jdk.incubator.foreign.ResourceScope.newImplicitScope());`);
jdk('jdk.javadoc', `javax.tools.ToolProvider.getSystemDocumentationTool().getTask(null, null, null, null, null, java.util.List.of(new javax.tools.SimpleJavaFileObject(java.net.URI.create("file:///A.class"), javax.tools.JavaFileObject.Kind.CLASS) { }));`);
jdk('jdk.security.jgss', `javax.security.sasl.Sasl.createSaslServer("GSSAPI", "ldap", "ldap.example.com", null, null);`);
jdk('jdk.security.jgss', `javax.security.sasl.Sasl.createSaslClient(new String[] {"GSSAPI"}, null, "ldap", "ldap.example.com", null, null).evaluateChallenge(new byte[0]);`);
jdk('jdk.security.jgss', `javax.security.sasl.Sasl.createSaslServer("GSSAPI", "ldap", "ldap.example.com", null, callbacks -> { });`);
kit(`new org.errdex.kit.Form("signup", java.util.Map.of());`);
kit(`new org.errdex.kit.Form("signup", java.util.Map.of("email", "email")).submit(java.util.Map.of());`);
kit(`new org.errdex.kit.Form("signup", java.util.Map.of("name", "text:4")).submit(java.util.Map.of("name", "Bartholomew"));`);
kit(`new org.errdex.kit.Form("signup", java.util.Map.of("email", "email")).submit(java.util.Map.of("email", "bart.example.com"));`);
kit(`new org.errdex.kit.Form("signup", java.util.Map.of("zip", "zip")).submit(java.util.Map.of("zip", "1234"));`);
kit(`new org.errdex.kit.Form("signup", java.util.Map.of("age", "int:0..130")).submit(java.util.Map.of("age", "old"));`);
kit(`new org.errdex.kit.Form("signup", java.util.Map.of("age", "int:0..130")).submit(java.util.Map.of("age", "200"));`);
kit(`new org.errdex.kit.Form("signup", java.util.Map.of("dob", "date")).submit(java.util.Map.of("dob", "2000-01-01"));`);
kit(`org.errdex.kit.Form f = new org.errdex.kit.Form("signup", java.util.Map.of("name", "text:9")); f.submit(java.util.Map.of("name", "Bart")); f.submit(java.util.Map.of("name", "Lisa"));`);
kit(`new org.errdex.kit.Form("order", java.util.Map.of("qty", "int:1..9")).total("qty", java.util.List.of(java.util.Map.of("qty", "600"), java.util.Map.of("qty", "500")), 1000);`);
kit(`org.errdex.kit.FormReader.INSTANCE.parse("signup: name=text:9, email");`);
kit(`org.errdex.kit.FormReader.INSTANCE.parse(": name=text:9");`);
kit(`org.errdex.kit.FormReader.INSTANCE.load("signup: phone=phone", java.util.Map.of("phone", "call me"));`);
kit(`org.errdex.kit.FormReader.INSTANCE.load("signup: age=int:0..130", java.util.Map.of("age", "x"));`);

// --- held-out set (round 7): JDK modules not used before (jdk.jlink's plugins, whose texts live
// in resource bundles read by a helper; jdk.jcmd's jstat and jps argument parsers and jstat's
// option-file parser, whose syntax errors are built by the exception's constructors from tokens;
// jdk.internal.jvmstat's VM identifiers), and a Kotlin settings library of errdex's own ----------
const PLUGINS = 'jdk.tools.jlink.internal.plugins';
jdk('jdk.jlink', `new ${PLUGINS}.StripNativeDebugSymbolsPlugin().configure(java.util.Map.of("strip-native-debug-symbols", "sometimes"));`);
jdk('jdk.jlink', `new ${PLUGINS}.StripNativeDebugSymbolsPlugin().configure(java.util.Map.of("strip-native-debug-symbols", "objcopy=/nonexistent/objcopy"));`);
jdk('jdk.jlink', `new ${PLUGINS}.StripNativeDebugSymbolsPlugin().configure(java.util.Map.of("strip-native-debug-symbols", "keep-debuginfo-files=a=b"));`);
jdk('jdk.jlink', `new ${PLUGINS}.IncludeLocalesPlugin().configure(java.util.Map.of("include-locales", "en,,ja"));`);
jdk('jdk.jlink', `new ${PLUGINS}.DefaultCompressPlugin().configure(java.util.Map.of("compress", "7"));`);
jdk('jdk.jlink', `new ${PLUGINS}.LegalNoticeFilePlugin().configure(java.util.Map.of("dedup-legal-notices", "always"));`);
jdk('jdk.jlink', `new ${PLUGINS}.ExcludeJmodSectionPlugin().configure(java.util.Map.of("exclude-jmod-section", "docs"));`);
jdk('jdk.jlink', `new ${PLUGINS}.ExcludeVMPlugin().configure(java.util.Map.of("vm", "tiny"));`);
jdk('jdk.jcmd', `new sun.tools.jstat.Arguments(new String[] {"-gcutil", "-t", "123", "10x"});`);
jdk('jdk.jcmd', `new sun.tools.jstat.Arguments(new String[] {"-gc", "-hmany", "1"});`);
jdk('jdk.jcmd', `new sun.tools.jstat.Arguments(new String[] {"-gc", "123", "250", "x3"});`);
jdk('jdk.jcmd', `new sun.tools.jstat.Parser(new java.io.StringReader("option gcx { column { header \\"X\\" data } }")).parseOptions();`);
jdk('jdk.jcmd', `new sun.tools.jstat.Parser(new java.io.StringReader("option gcx { column { header 42 } }")).parseOptions();`);
jdk('jdk.jcmd', `new sun.tools.jstat.Parser(new java.io.StringReader("option gcx { colum { } }")).parseOptions();`);
jdk('jdk.jcmd', `new sun.tools.jps.Arguments(new String[] {"-qx"});`);
jdk('jdk.jcmd', `new sun.tools.jps.Arguments(new String[] {"host1", "host2"});`);
jdk('jdk.internal.jvmstat', `new sun.jvmstat.monitor.VmIdentifier("//host:1099");`);
jdk('jdk.internal.jvmstat', `sun.jvmstat.monitor.MonitoredHost.getMonitoredHost(new sun.jvmstat.monitor.HostIdentifier("gopher://host"));`);
const STORE = (text) => `new org.errdex.kit.Store("app").load("${text}")`;
kit(`${STORE('a = 1\\nb = 2\\na = 3')};`);
kit(`${STORE(' = 1')};`);
kit(`${STORE('debug = maybe')}.bool("debug");`);
kit(`${STORE('port = eighty')}.integer("port", 1, 65535);`);
kit(`${STORE('port = 70000')}.integer("port", 1, 65535);`);
kit(`${STORE('a = 1')}.string("port");`);
kit(`${STORE('a = 1')}.lock().set("a", "2");`);
kit(`org.errdex.kit.Store s = ${STORE('a = 1')}; s.close(); s.set("a", "2");`);
kit(`${STORE('timeout = 5h')}.millis("timeout");`);
kit(`${STORE('timeout = soon')}.millis("timeout");`);
kit(`${STORE('hosts = a, b, c')}.list("hosts", 2);`);
kit(`${STORE('user = Bart Simpson')}.name("user");`);
kit(`${STORE('user = Bartholomew J. Simpson')}.name("user");`);
kit(`org.errdex.kit.Stores.INSTANCE.open("/etc/app.conf", "a = 1\\na = 2");`);

// --- held-out set (round 8): JDK modules not used before (jdk.jdeps: javap's option errors, texts of
// a ListResourceBundle that the exception's constructor looks up by the key the raise passes;
// com.sun.tools.classfile's constant-pool errors, whose classes write their own getMessage();
// jdeprscan's CSV reader, whose exception appends the index and input; jdk.management.agent's
// discovery packets; jdk.hotspot.agent's assertion helper, given its text by callers;
// jdk.internal.le's line parser (JLine); jdk.internal.vm.ci's JVMCIError, which formats its own
// message), and the kit's query reader: error codes whose enum formats the text, a .properties
// bundle read through a helper, a failure helper, a message map in a companion object ------------
const JAVAP = 'new com.sun.tools.javap.JavapTask(new java.io.StringWriter(), null, null)';
jdk('jdk.jdeps', `${JAVAP}.handleOptions(new String[] {"-bogus"});`);
jdk('jdk.jdeps', `${JAVAP}.handleOptions(new String[] {"-public", "-private", "java.lang.Object"});`);
jdk('jdk.jdeps', `${JAVAP}.handleOptions(new String[] {"-v"});`);
jdk('jdk.jdeps', `${JAVAP}.handleOptions(new String[] {"-XDdetails:nosuchdetail", "java.lang.Object"});`);
jdk('jdk.jdeps', `${JAVAP}.handleOptions(new String[] {"-J-Xmx1g"});`);
jdk('jdk.jdeps', `new com.sun.tools.javap.JavapTask(new java.io.StringWriter(), null, null, java.util.List.of("-c", "java.lang.Object"), java.util.List.of());`);
const CLASSFILE = 'com.sun.tools.classfile.ClassFile.read(Object.class.getResourceAsStream("Object.class"))';
jdk('jdk.jdeps', `${CLASSFILE}.constant_pool.get(60000);`);
jdk('jdk.jdeps', `com.sun.tools.classfile.ClassFile cf = ${CLASSFILE}; cf.constant_pool.getUTF8Info(cf.this_class);`);
jdk('jdk.jdeps', `com.sun.tools.jdeprscan.CSV.split("ab\\"c,d");`);
jdk('jdk.jdeps', `com.sun.tools.jdeprscan.CSV.split("a,\\"bc");`);
jdk('jdk.management.agent', `new sun.management.jdp.JdpJmxPacket(new byte[] {(byte) 0xC0, (byte) 0xFF, (byte) 0xEE, 0x42, 0, 1, 0, 3, 'k', 'e', 'y'});`);
jdk('jdk.management.agent', `System.setProperty("com.sun.management.jdp.ttl", "often"); sun.management.jdp.JdpController.startDiscoveryService(java.net.InetAddress.getLoopbackAddress(), 7095, "x", "service:jmx:rmi:///jndi/rmi://localhost:1/jmxrmi");`);
jdk('jdk.hotspot.agent', `new sun.jvm.hotspot.utilities.BitMap(8).at(20);`);
jdk('jdk.hotspot.agent', `new sun.jvm.hotspot.utilities.BitMap(8).setUnion(new sun.jvm.hotspot.utilities.BitMap(64));`);
const JLINE = 'new jdk.internal.org.jline.reader.impl.DefaultParser()';
jdk('jdk.internal.le', `${JLINE}.eofOnUnclosedQuote(true).parse("echo \\"open", 11, jdk.internal.org.jline.reader.Parser.ParseContext.ACCEPT_LINE);`);
jdk('jdk.internal.le', `${JLINE}.eofOnUnclosedBracket(jdk.internal.org.jline.reader.impl.DefaultParser.Bracket.CURLY).parse("f { x", 5, jdk.internal.org.jline.reader.Parser.ParseContext.ACCEPT_LINE);`);
jdk('jdk.internal.le', `${JLINE}.eofOnUnclosedBracket(jdk.internal.org.jline.reader.impl.DefaultParser.Bracket.ROUND).parse("f x)", 4, jdk.internal.org.jline.reader.Parser.ParseContext.ACCEPT_LINE);`);
jdk('jdk.internal.le', `${JLINE}.blockCommentDelims(new jdk.internal.org.jline.reader.impl.DefaultParser.BlockCommentDelims("/*", "*/")).parse("a /* b", 6, jdk.internal.org.jline.reader.Parser.ParseContext.ACCEPT_LINE);`);
jdk('jdk.internal.vm.ci', `jdk.vm.ci.common.JVMCIError.unimplemented("vector stubs");`);
jdk('jdk.internal.vm.ci', `jdk.vm.ci.common.JVMCIError.guarantee(false, "%d frames for %s", 3, "main");`);
const Q = (known, text) => `new org.errdex.kit.Query(java.util.Set.of(${known.map((k) => `"${k}"`).join(', ')})).parse("${text}")`;
kit(`${Q(['a'], 'a=1&=2')};`);
kit(`${Q(['a', 'b'], 'a=1&a=2')};`);
kit(`${Q(['page'], 'page=x')}.number("page");`);
kit(`${Q(['page', 'size'], 'page=1&sort=asc')};`);
kit(`${Q(['a'], 'a'.repeat(70))};`);
kit(`${Q(['q'], 'q=%zz')};`);
kit(`${Q(['q'], 'q')};`);
kit(`${Q(['a'], 'a=1&&a=2')};`);
kit(`${Q(['q'], 'q=a b')};`);
kit(`${Q(['page'], 'page=900')}.page();`);
kit(`${Q(['page', 'size'], 'size=1')}.number("page");`);
kit(`${Q(['a'], 'a=1')}.freeze().put("a", "2");`);
kit(`org.errdex.kit.Query.Companion.read(java.util.Set.of("a"), "a=1&a=2");`);

// --- held-out set (round 9): JDK modules not used before (jdk.net's socket options; jdk.internal.opt,
// the JDK's copy of joptsimple, whose option errors take their text from a bundle the JDK compiles in;
// jdk.jconsole's inspector utilities: a private helper's text, a wrapped cause; java.instrument's
// InstrumentationImpl, made here by reflection as the JVM makes it for an agent), and the kit's record
// reader in idioms Kotlin libraries use for errors: a sealed error family, exception factories in a
// companion object, a top-level factory, a `when` choosing the reason, a companion's format constant,
// an enum whose constants override a describing function, an own precondition helper given a lambda,
// a wrapped cause, `?: throw`, `buildString`, an object's constants, binary literals in the file --------
jdk('jdk.net', `jdk.net.Sockets.supportedOptions(String.class);`);
const OPTS = 'new jdk.internal.joptsimple.OptionParser()';
jdk('jdk.internal.opt', `${OPTS}.accepts("list").withRequiredArg().withValuesSeparatedBy('\\0');`);
jdk('jdk.internal.opt', `${OPTS}.acceptsAll(java.util.List.of());`);
jdk('jdk.internal.opt', `${OPTS}.accepts("limit").withRequiredArg().ofType(Object.class);`);
jdk('jdk.internal.opt', `jdk.internal.joptsimple.OptionParser p = ${OPTS}; p.accepts("v"); p.parse("--verbose");`);
const INSPECT = 'sun.tools.jconsole.inspector.Utils';
jdk('jdk.jconsole', `${INSPECT}.createObjectFromString("java.lang.Integer", "12x");`);
jdk('jdk.jconsole', `${INSPECT}.getArrayClassName("[Q");`);
const INSTR = 'java.lang.reflect.Constructor<?> k = Class.forName("sun.instrument.InstrumentationImpl").getDeclaredConstructor(long.class, boolean.class, boolean.class); k.setAccessible(true); java.lang.instrument.Instrumentation inst = (java.lang.instrument.Instrumentation) k.newInstance(0L, false, false);';
jdk('java.instrument', `${INSTR} inst.redefineClasses();`);
jdk('java.instrument', `${INSTR} inst.setNativeMethodPrefix(new java.lang.instrument.ClassFileTransformer() { }, "wrapped_");`);
const REC = (text, opts = '') => `new org.errdex.kit.Records(${opts}).read("${text}")`;
kit(`${REC('a,b\\n1,\\"2')};`);
kit(`${REC('a,b\\n1,2,3')};`);
kit(`${REC('a,b\\n1,\\"2\\" x')};`);
kit(`${REC('a,b,a\\n1,2,3')};`);
kit(`${REC('a,b c\\n1,2')};`);
kit(`${REC('a,b\\n1,2\\n3,4', "',', 1, 200")};`);
kit(`${REC('a,b,c,d,e,f,g,h,i\\n1,2,3,4,5,6,7,8,9')};`);
kit(`${REC('a\\n' + 'x'.repeat(12), "',', 10, 10")};`);
kit(`${REC('')};`);
kit(`org.errdex.kit.Records r = new org.errdex.kit.Records(); r.close(); r.read("a");`);
kit(`${REC('a,b\\n1,x')}.number(0, "b");`);
kit(`${REC('a,b\\n1,2')}.number(0, "c");`);
kit(`${REC('a,when\\n1,2024-13-01')}.date(0, "when");`);
kit(`${REC('a,b\\n1, ')}.required(0, "b");`);
kit(`${REC('a,w\\n1,3')}.width(0, "w", 10);`);

// --- held-out set (round 11): JDK modules no case had come from (jdk.accessibility's listener list, jdk.charsets'
// auto-detecting decoder, jdk.jstatd's RMI host provider: a message assembled in a local over branches, and one
// wrapping what java.rmi's exception says), and a document decoder and request parameters written for this
// round in the idioms Kotlin serialization and web libraries use for errors: a factory function named after its
// exception class composing offset, reason and input; the lexer's `fail(message): Nothing` every syntax error
// goes through; a secondary constructor choosing a singular or plural text; an exception's own `message`
// property; a base class's `message` composed from its subclasses' `reason`; a never-returning helper with a
// local scope text and a choice; a parse result carrying its failure's reason to the caller that throws it; an
// error handler lambda handed the reason; `TODO(…)`; an exception family whose constructors compose the text;
// an enum of formats; a status reason chosen by `when` in an object; wrapped causes ------------------------------
const LISTENER = 'new java.util.EventListener() { public String toString() { return "listener"; } }';
jdk('jdk.accessibility', `new com.sun.java.accessibility.util.AccessibilityListenerList().add(java.awt.event.ActionListener.class, ${LISTENER});`);
jdk('jdk.accessibility', `new com.sun.java.accessibility.util.AccessibilityListenerList().remove(java.awt.event.ActionListener.class, ${LISTENER});`);
jdk('jdk.charsets', `java.nio.charset.Charset.forName("JISAutoDetect").newDecoder().detectedCharset();`);
jdk('jdk.jstatd', `sun.jvmstat.monitor.MonitoredHost.getMonitoredHost("rmi://localhost:1");`);
jdk('jdk.jstatd', `java.rmi.registry.Registry r = java.rmi.registry.LocateRegistry.createRegistry(41731); try { sun.jvmstat.monitor.MonitoredHost.getMonitoredHost("rmi://localhost:41731"); } finally { java.rmi.server.UnicastRemoteObject.unexportObject(r, true); }`);
const DEC = (json) => `new org.errdex.kit.Decoder(${JSON.stringify(json)})`;
kit(`${DEC('{"a" 1}')}.obj();`);
kit(`${DEC('{"a": 1 "b": 2}')}.obj();`);
kit(`${DEC('{a: 1}')}.obj();`);
kit(`${DEC('{"width": 12, "height": 7, "depth": 3, "label": ')}.obj();`);
kit(`${DEC('{"a": 12x}')}.obj();`);
kit(`${DEC('{"x": 1}')}.decode("Point", java.util.List.of("x", "y"), null, java.util.Set.of());`);
kit(`${DEC('{}')}.decode("Point", java.util.List.of("x", "y"), null, java.util.Set.of());`);
kit(`${DEC('{"type": "circle"}')}.decode("Shape", java.util.List.of(), "Shape", java.util.Set.of("square"));`);
kit(`${DEC('{"r": 2}')}.decode("Shape", java.util.List.of(), "Shape", java.util.Set.of("square"));`);
kit(`${DEC('{}')}.fieldName(java.util.List.of("a", "b"), 3);`);
kit(`${DEC('{}')}.stream();`);
kit(`org.errdex.kit.Constraints.INSTANCE.min("age", 3, 18);`);
kit(`org.errdex.kit.Constraints.INSTANCE.pattern("zip", "12a", "[0-9]{5}");`);
kit(`org.errdex.kit.Durations.INSTANCE.seconds("10x");`);
kit(`org.errdex.kit.Durations.INSTANCE.seconds("xs");`);
const PARAMS = (entries) => `new org.errdex.kit.Parameters(java.util.Map.of(${entries.map(([k, v]) => `${JSON.stringify(k)}, java.util.List.of(${v.map((x) => JSON.stringify(x)).join(', ')})`).join(', ')}))`;
kit(`${PARAMS([['a', ['1']]])}.getOrFail("id");`);
kit(`${PARAMS([['port', ['80x']]])}.intValue("port");`);
kit(`${PARAMS([['size', ['1.5']]])}.longValue("size");`);
kit(`${PARAMS([['q', ['hello']]])}.text("q", 3);`);
kit(`${PARAMS([['Host', ['a', 'b']]])}.single("Host");`);
kit(`${PARAMS([['Cookie', ['abcdefgh']]])}.header("Cookie", 4);`);
kit(`${PARAMS([])}.status(409);`);

// --- held-out set (round 12): OpenJFX 11 as Debian ships it (openjfx-source's src.zip, libopenjfx-java's jars: a
// Java library outside the JDK, never used before): javafx.base's duration parser, bidirectional bindings and
// number converter wrapping its cause; javafx.graphics' colours, gradient parser, key combinations, transforms and
// spline interpolator; javafx.fxml's loader, whose every error is made by `constructLoadException(message)` adding
// the document's location and line to the caller's text (or wrapping the cause); and the kit's command-line usage
// errors whose text a localization interface's default methods write (clikt's shape), an extension function that
// never returns, an exception taking named arguments, a companion's format constant, a sealed class's texts and a
// `runCatching { … }.getOrElse { throw … }` wrap --------------------------------------------------------------------
fx('javafx.base', `javafx.util.Duration.valueOf("5x");`);
fx('javafx.base', `javafx.beans.property.SimpleIntegerProperty p = new javafx.beans.property.SimpleIntegerProperty(); javafx.beans.binding.Bindings.bindBidirectional(p, p);`);
fx('javafx.base', `new javafx.util.converter.NumberStringConverter().fromString("abc");`);
fx('javafx.graphics', `javafx.scene.paint.Color.web("nope");`);
fx('javafx.graphics', `javafx.scene.paint.Color.rgb(300, 0, 0);`);
fx('javafx.graphics', `javafx.scene.paint.RadialGradient.valueOf("radial-gradient(focus-angle 10, radius 5, red, blue)");`);
fx('javafx.graphics', `javafx.scene.paint.LinearGradient.valueOf("linear-gradient(red 10 20, blue)");`);
fx('javafx.graphics', `javafx.scene.input.KeyCombination.keyCombination("Shift+Shift+A");`);
fx('javafx.graphics', `new javafx.scene.transform.Affine().getElement(javafx.scene.transform.MatrixType.MT_2D_2x3, 5, 0);`);
fx('javafx.graphics', `javafx.animation.Interpolator.SPLINE(2, 0, 0, 0);`);
const FXML = (body, pre = '<?import java.util.ArrayList?>') => `new javafx.fxml.FXMLLoader().load(new java.io.ByteArrayInputStream(${JSON.stringify(`<?xml version="1.0"?>\n${pre}\n${body}\n`)}.getBytes(java.nio.charset.StandardCharsets.UTF_8)));`;
fx('javafx.fxml', FXML('<ArrayList>\n  <Foo/>\n</ArrayList>'));
fx('javafx.fxml', FXML('<ArrayList xmlns:fx="http://javafx.com/fxml"><fx:reference source="nope"/></ArrayList>'));
fx('javafx.fxml', FXML('<ArrayList xmlns:fx="http://javafx.com/fxml"><fx:include/></ArrayList>'));
fx('javafx.fxml', FXML('<Rectangle onMouseClicked="#go"/>', '<?import javafx.scene.shape.Rectangle?>'));
fx('javafx.fxml', FXML('<Rectangle xmlns:fx="http://javafx.com/fxml/9"/>', '<?import javafx.scene.shape.Rectangle?>'));
fx('javafx.fxml', FXML('<ArrayList xmlns:fx="http://javafx.com/fxml" fx:controller="no.Such"/>'));
const OPT = (name, arity, choices, required) => `new org.errdex.kit.OptionSpec(${JSON.stringify(name)}, ${arity}, java.util.List.of(${choices.map((c) => JSON.stringify(c)).join(', ')}), ${required})`;
const CLI = (argv) => `new org.errdex.kit.CommandLine(java.util.List.of(${OPT('--color', 1, ['auto', 'never'], false)}, ${OPT('--size', 2, [], false)}, ${OPT('--output', 1, [], true)})).parse(java.util.List.of(${argv.map((a) => JSON.stringify(a)).join(', ')}));`;
kit(CLI(['--verbose']));
kit(CLI(['--colour', 'auto']));
kit(CLI(['--color', 'always']));
kit(CLI(['--size', '3']));
kit(CLI(['--color', 'auto']));
const SHEET = 'new org.errdex.kit.Sheet("totals", java.util.Map.of("A1", "12,5"))';
kit(`${SHEET}.ref("");`);
kit(`${SHEET}.ref("B1x");`);
kit(`${SHEET}.ref("B0");`);
kit(`${SHEET}.ref("12");`);
kit(`${SHEET}.value("Z9");`);
kit(`${SHEET}.number("A1");`);

// --- held-out set (round 13): javafx.controls' text formatter (one text written twice in a file) and spinner
// converter (a caught ParseException wrapped whole); the kit's migration runner, written in the idioms Kotlin and
// Java libraries use for texts not written at the raise: an error-code enum whose templates an exception's secondary
// constructor formats, a companion's static factory, a secondary constructor writing the text, a `message` getter
// made by `buildString`, a bundle-like object of keyed `MessageFormat` texts and a format constant, `require`'s and
// `checkNotNull`'s lazy messages, `error()`, a catch wrapping the cause (its text in the new one) and an error made
// where a lookup fails and thrown by a sealed class's `orThrow()` ---------------------------------------------------
fx('javafx.controls', `new javafx.scene.control.TextFormatter<String>(c -> c).setValue("x");`);
fx('javafx.controls', `new javafx.scene.control.TextFormatter<String>(c -> c).valueProperty().set("x");`);
fx('javafx.controls', `new javafx.scene.control.SpinnerValueFactory.DoubleSpinnerValueFactory(0, 10).getConverter().fromString("abc");`);
const RUNNER13 = 'new org.errdex.kit.MigrationRunner(2, java.util.Map.of(1, "a1", 2, "b2"))';
const MIG = (v, name, sum) => `new org.errdex.kit.Migration(${v}, ${JSON.stringify(name)}, ${JSON.stringify(sum)})`;
kit(`org.errdex.kit.MigrationsKt.parseMigrationName("init.sql");`);
kit(`org.errdex.kit.MigrationsKt.parseMigrationName("V3_add_users.sql");`);
kit(`org.errdex.kit.MigrationsKt.parseMigrationName("V3a__add_users.sql");`);
kit(`org.errdex.kit.MigrationsKt.parseTimeout(" ");`);
kit(`org.errdex.kit.MigrationsKt.parseTimeout("30d");`);
kit(`org.errdex.kit.MigrationsKt.parseTimeout("48h");`);
kit(`${RUNNER13}.timeoutOf(3, "5w");`);
kit(`org.errdex.kit.MigrationRunner r = ${RUNNER13}; r.lock("deploy-1", "09:00"); r.lock("deploy-2", "09:05");`);
kit(`${RUNNER13}.verify(${MIG(7, 'add_index', 'c3')});`);
kit(`${RUNNER13}.verify(${MIG(2, 'add_users', 'ff')});`);
kit(`${RUNNER13}.plan(1, java.util.List.of());`);
kit(`${RUNNER13}.plan(6, java.util.List.of(${MIG(3, 'a', 'x')}, ${MIG(5, 'b', 'y')}));`);
kit(`${RUNNER13}.load(new java.util.TreeMap<>(java.util.Map.of("V3__users.sql", "a", "V03__roles.sql", "b")));`);
kit(`${RUNNER13}.lookup(9).orThrow();`);

// --- held-out set (round 14): BeanShell 2.0b4 as Debian ships it (bsh-src: a Java library outside the JDK, never used
// before), an interpreter whose errors are made by the evaluating node and given the script's location by
// `Interpreter.eval` (`Sourced file: … : ` prepended to the text), wrap the text of a caught error, or come from its
// JavaCC parser (the text written by the exception class); and the kit's job queue, written in the idioms Kotlin
// libraries use for texts not written at the raise: a parameter's default text, an enum whose entries override the
// text function, a `when` text function in another file given to `check`, an extension function making the error,
// problems joined by the exception's constructor, a sealed class's texts passed on, a `message` getter and a
// `Result.failure` unwrapped by `getOrThrow()` ---------------------------------------------------------------------
const BSH = (script) => `new bsh.Interpreter().eval(${JSON.stringify(script)});`;
bsh(BSH('foo();'));
bsh(BSH('new NoSuchClass();'));
bsh(BSH('a = b;'));
bsh(BSH('Object o = new Object(); o.nope();'));
bsh(BSH('int x = ;'));
bsh(BSH('for (x : 5) {}'));
bsh(BSH('if (3) {}'));
bsh(BSH('x = 5; x[0];'));
bsh(BSH('class A {} new A(1, 2);'));
bsh(BSH('super.foo();'));
bsh(BSH("x = 'ab';"));
bsh(BSH('x = 1 + true;'));
const JOBS = 'new org.errdex.kit.JobQueue(1)';
kit(`org.errdex.kit.JobQueue q = ${JOBS}; q.close(); q.submit("j1", "build", 1, 0);`);
kit(`${JOBS}.submit("j1", " ", 12, 0);`);
kit(`${JOBS}.limit("workers", 0, org.errdex.kit.Rule.POSITIVE);`);
kit(`${JOBS}.limit("load", 140, org.errdex.kit.Rule.PERCENT);`);
kit(`org.errdex.kit.JobQueue q = ${JOBS}; q.submit("j1", "build", 1, 0); q.move("j1", org.errdex.kit.JobState.DONE);`);
kit(`org.errdex.kit.JobQueue q = ${JOBS}; q.submit("j1", "build", 1, 0); q.move("j1", org.errdex.kit.JobState.RUNNING); q.move("j1", org.errdex.kit.JobState.DONE); q.cancel("j1");`);
kit(`org.errdex.kit.JobsKt.parseSchedule("* * *");`);
kit(`org.errdex.kit.JobsKt.parseSchedule("5 x * * *");`);
kit(`${JOBS}.await("j9", 90, 60);`);
kit(`org.errdex.kit.JobsKt.intervalSeconds("5 minutes");`);

// --- held-out set (round 15): OpenJFX's javafx.media as Debian ships it (its sources in openjfx-source's src.zip, its
// jar libopenjfx-java's, on the module path: round 15 adds it there), whose errors wrap a caught one's text in
// MediaException (a type and the caught text; its own toString() heads the trace) or in IllegalArgumentException(cause);
// and the kit's template renderer, written in the idioms Kotlin libraries use for texts not written at the raise: a
// caught error given its place by its own method (`e.at(name, line)`: a new error whose text is "name:line: " and the
// caught one's), an enum of format templates, a companion's positional format constant, message constants joined to a
// value, an error whose text is its cause's, a `runCatching … getOrElse` wrap ------------------------------------------
const MEDIA = (uri) => `new javafx.scene.media.Media(${JSON.stringify(uri)});`;
fx('javafx.media', MEDIA('not a uri'));
fx('javafx.media', MEDIA('ftp://example.org/a.mp3'));
fx('javafx.media', MEDIA('file:///nonexistent/errdex/a.mp3'));
fx('javafx.media', MEDIA('file:///usr/share/java/javafx-media.jar'));
fx('javafx.media', MEDIA('clip.mp3'));
fx('javafx.media', MEDIA('jar:clip.mp3'));
fx('javafx.media', MEDIA('jar:file:/nonexistent/errdex/x.jar!/a.mp3'));
fx('javafx.media', `new javafx.scene.media.AudioClip("file:///nonexistent/errdex/a.wav");`);
fx('javafx.media', `new javafx.scene.media.MediaPlayer(null);`);
const TPL = (sources) => `new org.errdex.kit.Templates(java.util.Map.of(${sources.map((s) => JSON.stringify(s)).join(', ')}))`;
kit(`${TPL([])}.render("missing", java.util.Map.of());`);
kit(`${TPL(['a', 'Hello {{ who }}'])}.render("a", java.util.Map.of());`);
kit(`${TPL([])}.applyFilter("pad", "x");`);
kit(`${TPL(['a', 'x\n{{ n | repeat:x }}'])}.render("a", java.util.Map.of("n", "ab"));`);
kit(`${TPL([])}.checkBraces("a } b");`);
kit(`${TPL(['a', '{% include b %}', 'b', '{% include a %}'])}.render("a", java.util.Map.of());`);
kit(`${TPL(['a', 'top\n{% include zz %}'])}.render("a", java.util.Map.of());`);
kit(`${TPL([])}.applyFilter("nope", "x");`);
kit(`${TPL(['a', '{% for x in n %}'])}.render("a", java.util.Map.of("n", 5));`);

// --- held-out set (round 16): jdk.jpackage (the JDK's last module with errors no case had come from), whose texts
// are looked up in a resource bundle by key, in PackagerException's constructor or at the raise (src.zip ships no
// `.properties`), its package-private classes called reflectively (the cause of InvocationTargetException rethrown
// whole, its stack intact); and the kit's ledger, written in the idioms Kotlin libraries use for texts not written at
// the raise: a sealed class of problems whose text an extension function's `when` writes, a companion's static
// factories, a wrapper in another file than its raises (an inline `transaction` raising the caught error again with
// its id), a `message` getter, an object of format constants filled at `require`/`check`, an enum whose entries
// write their own text, a `buildString` text, a `runCatching … getOrElse` raise with a cause ------------------------
const JPK = (cls, method, types, args) => `java.lang.reflect.Method m = Class.forName("jdk.jpackage.${cls}").getDeclaredMethod(${JSON.stringify(method)}, ${types}); m.setAccessible(true); try { m.invoke(null, ${args}); } catch (java.lang.reflect.InvocationTargetException e) { throw e.getCause(); }`;
jdk('jdk.jpackage', JPK('main.CommandLine', 'parse', 'String[].class', '(Object) new String[] { "@/nonexistent/errdex/args" }'));
jdk('jdk.jpackage', JPK('internal.DottedVersion', 'greedy', 'String.class', '"1.x.3"'));
jdk('jdk.jpackage', JPK('internal.DottedVersion', 'greedy', 'String.class', '""'));
jdk('jdk.jpackage', JPK('internal.DeployParams', 'validateName', 'String.class, boolean.class', '"a/b", true'));
const LEDGER = 'new org.errdex.kit.Ledger("books").open("a", "EUR", 100).open("b", "EUR", 0).open("u", "USD", 0)';
kit(`${LEDGER}.transfer("a", "b", 250);`);
kit(`${LEDGER}.transfer("a", "zz", 5);`);
kit(`${LEDGER}.freeze("a", 2).transfer("a", "b", 5);`);
kit(`${LEDGER}.open("c", "XYZ", 0);`);
kit(`${LEDGER}.rate("EUR", "USD");`);
kit(`${LEDGER}.transfer("a", "u", 5);`);
kit(`${LEDGER}.transfer("a", "b", -3);`);
kit(`org.errdex.kit.Ledger l = ${LEDGER}; l.close(); l.transfer("a", "b", 1);`);
kit(`${LEDGER}.batch("tx-7", java.util.List.of(new kotlin.Triple<>("a", "b", 60L), new kotlin.Triple<>("a", "b", 60L)));`);
kit(`${LEDGER}.batch("tx-8", java.util.List.of(new kotlin.Triple<>("a", "q", 1L)));`);
kit(`${LEDGER}.limit(org.errdex.kit.TransferLimit.DAILY, 500, 730);`);
kit(`${LEDGER}.post(java.util.List.of(10L, 20L), java.util.List.of(25L));`);
kit(`org.errdex.kit.LedgerKt.parseAmount("12,50 EUR");`);
kit(`org.errdex.kit.LedgerKt.parseAmount("12.50");`);

// --- held-out set (round 17): the kit's manifest reader (eval/jvm-kit Manifest.kt, ManifestErrors.kt), written in
// the idioms Kotlin libraries use for texts not written at the raise: an enum of codes carrying templates that an
// exception class fills (`"[${code.name}] " + code.template.format(*args)`), a companion's static factory; an error
// class writing its text around a rule's text from an object of texts; a base class writing the text its subclasses
// give a part of (`FieldException("read-only", field)`); a companion's private builder of the text handed to the base;
// a top-level factory returning the error its caller raises; `require`/`check`/`error` with texts built by helpers;
// a wrapper of a parse's error (its cause printed as `Caused by`); literals. Every JDK module with raises has been
// used and Debian ships no other Java sources (`apt-cache search`: bsh-src, openjdk-17-source, openjfx-source) ----------
const MF = (text) => `org.errdex.kit.Manifests.parse("m.conf", ${JSON.stringify(text)})`;
kit(`${MF('version=1.0')}.name();`);
kit(`${MF('name=Foo Bar')}.name();`);
kit(`${MF('name=foo\nversion=1.x.2')}.version();`);
kit(`${MF('port=eighty')}.port();`);
kit(`${MF('port=70000')}.port();`);
kit(`${MF('license=WTFPL')}.license();`);
kit(`${MF('depends=a@1, b')}.dependencies();`);
kit(`${MF('depends=a@1, a@2')}.dependencies();`);
kit(`${MF('kind=plugin')}.kind();`);
kit(`${MF('name=foo')}.mainClass();`);
kit(`${MF('name=foo')}.set("name", "bar");`);
kit(`${MF('name=foo')}.set("colour", "red");`);
kit(`${MF('name=foo')}.freeze().set("port", "81");`);
kit(`${MF('name=foo\nversion')}.version();`);
kit(`${MF('name=foo\nname=bar')}.name();`);
kit(`org.errdex.kit.Manifests.load("app.conf", "name=foo\\nversion=2.beta");`);

// ---------------------------------------------------------------------------------------
// Running
// ---------------------------------------------------------------------------------------

const RUNNER = (names) => `
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

public class Runner {
  interface Body { void run() throws Throwable; }
  @SuppressWarnings("unchecked")
  static <T extends Throwable> void sneaky(Throwable t) throws T { throw (T) t; }
  static String b64(String s) { return s == null ? "-" : Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8)); }
  static Body body(String name) {
    switch (name) {
${names.map((n) => `      case "${n}": return Cases::${n};`).join('\n')}
      default: throw new IllegalArgumentException(name);
    }
  }
  public static void main(String[] args) throws Exception {
    PrintStream realErr = System.err;
    for (String name : args) {
      Body b = body(name);
      ByteArrayOutputStream buf = new ByteArrayOutputStream();
      System.setErr(new PrintStream(buf, true, "UTF-8"));
      Throwable[] got = new Throwable[1];
      Thread t = new Thread(() -> { try { b.run(); } catch (Throwable e) { sneaky(e); } }, "main");
      t.setUncaughtExceptionHandler((th, e) -> { got[0] = e; th.getThreadGroup().uncaughtException(th, e); });
      t.start();
      t.join();
      System.setErr(realErr);
      try (PrintStream out = new PrintStream(new FileOutputStream("${WORK}/" + name + ".out"), true, "UTF-8")) {
        Throwable e = got[0];
        if (e == null) { out.println("none"); continue; }
        out.println(e.getClass().getName());
        out.println(b64(e.getMessage()));
        out.println(b64(buf.toString("UTF-8")));
        for (StackTraceElement f : e.getStackTrace()) {
          boolean errorInit = false;
          if (f.getMethodName().equals("<init>")) {
            try { errorInit = Throwable.class.isAssignableFrom(Class.forName(f.getClassName(), false, Runner.class.getClassLoader())); } catch (Throwable ignored) { }
          }
          out.println(f.getClassName() + "\\t" + f.getMethodName() + "\\t" + f.getFileName() + "\\t" + f.getLineNumber() + "\\t" + f.getModuleName() + "\\t" + errorInit);
        }
      }
    }
  }
}
`;

function run(cmd, args, opts = {}) {
  const p = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...opts });
  if (p.status !== 0) throw new Error(`${cmd} ${args.join(' ').slice(0, 200)} failed:\n${p.stderr}${p.stdout}`);
  return p.stdout;
}

function main() {
  const argv = process.argv.slice(2);
  const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : null;
  const verbose = argv.includes('--verbose');
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(join(WORK, 'classes'), { recursive: true });
  // The kit, compiled with Debian's kotlinc (slow to start: once per version of its sources).
  const kitFiles = run('find', [join(KIT, KIT_SRC), '-name', '*.kt']).split('\n').filter(Boolean).sort();
  const hash = createHash('sha256');
  for (const f of kitFiles) hash.update(f).update(readFileSync(f));
  const kitJar = join(KIT_CACHE, `kit-${hash.digest('hex').slice(0, 16)}.jar`);
  if (!existsSync(kitJar)) {
    mkdirSync(KIT_CACHE, { recursive: true });
    run('kotlinc', [...kitFiles, '-d', kitJar + '.tmp.jar'], { stdio: ['ignore', 'pipe', 'pipe'] });
    renameSync(kitJar + '.tmp.jar', kitJar);
  }
  // Ids: per root, numbered in order.
  const counts = new Map();
  const named = CASES.map((c, i) => {
    const pkg = c.root === 'kit' ? 'kit' : c.root;
    const n = (counts.get(pkg) ?? 0) + 1;
    counts.set(pkg, n);
    return { ...c, id: `${c.root === 'kit' ? 'kt' : c.fx ? 'fx' : c.deb ? 'deb' : 'jdk'}-${pkg.replace(/\./g, '-')}-${String(n).padStart(2, '0')}`, method: `c${i}` };
  }).filter((c) => !only || c.id.startsWith(only));
  const cases = `public class Cases {\n${named.map((c) => `  static void ${c.method}() throws Throwable {\n    ${c.code}\n  }`).join('\n')}\n}\n`;
  writeFileSync(join(WORK, 'Cases.java'), cases);
  writeFileSync(join(WORK, 'Runner.java'), RUNNER(named.map((c) => c.method)));
  // BeanShell's sources, unpacked once (as eval/setup.sh does) and compiled with line numbers.
  if (!existsSync(join(BSH_TREE, 'src/bsh/Interpreter.java'))) {
    mkdirSync(BSH_TREE, { recursive: true });
    run('tar', ['-xzf', BSH_TGZ, '-C', BSH_TREE]);
  }
  const bshFiles = run('find', [join(BSH_TREE, 'src/bsh'), '-name', '*.java', '-not', '-path', '*/servlet/*', '-not', '-path', '*/util/*']).split('\n').filter(Boolean).sort();
  mkdirSync(join(WORK, 'bsh-classes'), { recursive: true });
  run('javac', ['-nowarn', '-g', '-encoding', 'ISO-8859-1', '-cp', BSH_JAR, '-d', join(WORK, 'bsh-classes'), ...bshFiles], { stdio: ['ignore', 'pipe', 'pipe'] });
  // The kit's resources (round 8's `.properties` bundle) are on the class path beside its classes.
  const cp = `${kitJar}:${join(KIT, 'src/main/resources')}:${KOTLIN_STDLIB}:${join(WORK, 'bsh-classes')}:${BSH_JAR}`;
  run('javac', ['-nowarn', ...JVM_FLAGS, '-d', join(WORK, 'classes'), '-cp', cp, join(WORK, 'Cases.java'), join(WORK, 'Runner.java')]);
  spawnSync('java', [...JVM_FLAGS, ...OPENS9, ...OPENS16, '-Djava.awt.headless=true', '-Duser.language=en', '-Duser.country=US', '-Djava.util.prefs.userRoot=' + join(WORK, 'prefs'), '-cp', `${join(WORK, 'classes')}:${cp}`, 'Runner', ...named.map((c) => c.method)], {
    cwd: WORK, encoding: 'utf8', stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, TZ: 'UTC', LC_ALL: 'C.UTF-8' },
  });
  const zipEntries = new Set(run('unzip', ['-Z1', SRC_ZIP]).split('\n'));
  const fxEntries = new Set(run('unzip', ['-Z1', FX_SRC_ZIP]).split('\n'));
  const records = [];
  let skipped = 0;
  const skip = (c, why) => {
    skipped++;
    process.stderr.write(`skip ${c.id}: ${why}\n`);
  };
  for (const c of named) {
    const outFile = join(WORK, `${c.method}.out`);
    if (!existsSync(outFile)) { skip(c, 'no output'); continue; }
    const lines = readFileSync(outFile, 'utf8').split('\n');
    if (lines[0] === 'none') { skip(c, 'did not throw'); continue; }
    const unb64 = (s) => (s === '-' ? null : Buffer.from(s, 'base64').toString('utf8'));
    const errorClass = lines[0];
    const message = unb64(lines[1]);
    const trace = unb64(lines[2]);
    const frames = lines.slice(3).filter(Boolean).map((l) => {
      const [cls, method, file, line, module, errorInit] = l.split('\t');
      return { cls, method, file, line: Number(line), module: module === 'null' ? null : module, errorInit: errorInit === 'true' };
    });
    if (!message) { skip(c, 'no message'); continue; }
    const inRoot = (f) => (c.root === 'kit' ? f.cls.startsWith('org.errdex.kit.') : c.deb ? f.module === null && f.cls.startsWith(`${c.root}.`) : f.module === c.root);
    const userCode = (f) => f.module === null && (f.cls === 'Cases' || f.cls.startsWith('Runner'));
    let site = null;
    for (const f of frames) {
      if (f.errorInit) continue;
      if (userCode(f)) break;
      if (inRoot(f)) { site = f; break; }
    }
    if (!site || site.line <= 0 || site.file === 'null') { skip(c, 'no frame in the root before the snippet'); continue; }
    const pkgPath = site.cls.includes('.') ? site.cls.slice(0, site.cls.lastIndexOf('.')).replace(/\./g, '/') : '';
    let root; let rel; let file;
    if (c.root === 'kit') {
      root = 'eval/jvm-kit';
      rel = `${KIT_SRC}/${pkgPath}/${site.file}`;
      file = join(KIT, rel);
      if (!existsSync(file)) { skip(c, `kit source ${rel} not found`); continue; }
    } else if (c.deb) {
      root = join(BSH_TREE, 'src');
      rel = `${pkgPath}/${site.file}`;
      file = join(root, rel);
      if (!existsSync(file)) { skip(c, `${rel} not in ${root}`); continue; }
    } else if (c.fx) {
      root = `${FX_SRC_ZIP}/${c.root}`;
      rel = `${pkgPath}/${site.file}`;
      file = `${root}/${rel}`;
      if (!fxEntries.has(`${c.root}/${rel}`)) { skip(c, `${c.root}/${rel} not in OpenJFX's src.zip`); continue; }
    } else {
      root = `${SRC_ZIP}/${c.root}`;
      rel = `${pkgPath}/${site.file}`;
      file = `${root}/${rel}`;
      if (!zipEntries.has(`${c.root}/${rel}`)) { skip(c, `${c.root}/${rel} not in src.zip`); continue; }
    }
    const rec = {
      id: c.id, ecosystem: c.root === 'kit' ? 'jvm-kotlin' : c.fx || c.deb ? 'jvm-debian' : 'jvm-jdk', package: c.root === 'kit' ? 'errdex-kit' : c.root, root,
      code: c.code + '\n', errorClass, message, trace, site: { file, line: site.line, rel },
    };
    if (verbose) process.stderr.write(`${c.id}: ${errorClass}: ${message.split('\n')[0]}  @ ${rel}:${site.line}\n`);
    records.push(rec);
  }
  process.stderr.write(`${records.length} cases, ${skipped} skipped\n`);
  if (only) return;
  const out = classifyAll(records);
  writeFileSync(OUT + '.tmp', out.map((r) => JSON.stringify(r) + '\n').join(''));
  renameSync(OUT + '.tmp', OUT);
}

main();
